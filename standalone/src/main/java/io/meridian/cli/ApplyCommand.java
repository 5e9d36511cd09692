package io.meridian.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.meridian.cli.apply.DemoFiles;
import io.meridian.cli.apply.ManifestApplier;
import io.meridian.cli.manifest.ManifestDocument;
import io.meridian.cli.manifest.ManifestFile;
import io.meridian.core.validation.FieldError;
import io.meridian.core.validation.FieldPath;
import io.meridian.core.validation.ManifestKinds;
import io.meridian.core.validation.ManifestValidator;
import io.meridian.core.validation.ValidationResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code meridian apply -f FILE}: validates every document as {@code meridian validate} does (Meridian's, Kruise's and
 * Karmada's kinds with the kernel's rules; other kinds need apiVersion, kind and metadata.name), and only when all
 * are valid creates or replaces them in the host cluster. Exit 0 when applied, 1 when a document is invalid (nothing
 * applied) or the cluster refused one, 2 when the file cannot be read or no cluster can be reached.
 */
@Command(name = "apply", description = {"Apply manifests (Meridian's, Kruise's or Karmada's apiVersions) to the host cluster.",
        "Kubeconfig: --kubeconfig, else $KUBECONFIG, else the running demo's host (~/.meridian/demo/host.kubeconfig)."})
public final class ApplyCommand implements Callable<Integer> {
    static final int APPLIED = 0;
    static final int REFUSED = 1;
    static final int UNREADABLE = 2;

    @Option(names = {"-f", "--filename"}, required = true, description = "Manifest file (YAML or JSON, may hold several documents).")
    Path file;

    @Option(names = "--kubeconfig", paramLabel = "FILE", description = "Kubeconfig of the host cluster.")
    Path kubeconfig;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            return run(out, err);
        } finally {
            out.flush();
            err.flush();
        }
    }

    private int run(PrintWriter out, PrintWriter err) {
        ManifestFile manifests = ManifestFile.read(file);
        if (manifests.problem().isPresent() || manifests.documents().isEmpty()) {
            err.println(file + ": " + manifests.problem().orElse("no documents found"));
            return UNREADABLE;
        }
        if (!allValid(manifests.documents(), out)) {
            out.println(file + ": nothing applied");
            return REFUSED;
        }
        Optional<Path> config = kubeconfig();
        if (config.isEmpty()) {
            err.println("meridian apply: no kubeconfig: give --kubeconfig, set KUBECONFIG or start bin/meridian demo");
            return UNREADABLE;
        }
        try (KubernetesClient client = client(config.get())) {
            ManifestApplier applier = new ManifestApplier(client);
            for (ManifestDocument document : manifests.documents()) {
                try {
                    out.println(document.label() + " " + applier.apply(document.node()));
                } catch (KubernetesClientException e) {
                    err.println(file + ": " + document.label() + ": " + refusal(e, config.get()));
                    return e.getCode() == 0 ? UNREADABLE : REFUSED;
                }
            }
        } catch (IOException e) {
            err.println("meridian apply: cannot read kubeconfig " + config.get() + ": " + e.getMessage());
            return UNREADABLE;
        }
        return APPLIED;
    }

    private boolean allValid(List<ManifestDocument> documents, PrintWriter out) {
        boolean valid = true;
        List<ManifestDocument> seen = new ArrayList<>();
        for (ManifestDocument document : documents) {
            List<FieldError> errors = errors(document, seen);
            seen.add(document);
            for (FieldError error : errors) {
                out.println(file + ": " + document.label() + ": " + error.render());
            }
            valid &= errors.isEmpty();
        }
        return valid;
    }

    /** The kernel's rules for the kinds it knows; for any other kind only what an API server needs to store it. */
    private static List<FieldError> errors(ManifestDocument document, List<ManifestDocument> earlier) {
        if (ManifestKinds.byKind(document.kind()).isPresent()) {
            ValidationResult result = ManifestValidator.validate(document.node(),
                    ValidateCommand.contextFor(document, earlier));
            return result.errors();
        }
        List<FieldError> errors = new ArrayList<>();
        JsonNode node = document.node();
        for (String field : List.of("apiVersion", "kind", "metadata.name")) {
            JsonNode value = field.equals("metadata.name") ? node.path("metadata").path("name") : node.path(field);
            if (!value.isTextual() || value.asText().isBlank()) {
                String[] path = field.split("\\.");
                errors.add(FieldError.required(FieldPath.of(path[0], java.util.Arrays.copyOfRange(path, 1, path.length)),
                        null));
            }
        }
        return errors;
    }

    private Optional<Path> kubeconfig() {
        if (kubeconfig != null) {
            return Optional.of(kubeconfig);
        }
        String env = System.getenv("KUBECONFIG");
        if (env != null && !env.isBlank()) {
            return Optional.of(Path.of(env.split(java.io.File.pathSeparator)[0]));
        }
        return DemoFiles.hostKubeconfig();
    }

    private static KubernetesClient client(Path kubeconfig) throws IOException {
        Config config = Config.fromKubeconfig(Files.readString(kubeconfig));
        config.setRequestTimeout(10_000);
        config.setRequestRetryBackoffLimit(1);
        return new KubernetesClientBuilder().withConfig(config).build();
    }

    private static String refusal(KubernetesClientException e, Path kubeconfig) {
        if (e.getCode() == 0) {
            return "cannot reach the cluster of " + kubeconfig + " (is it running?): " + firstLine(e);
        }
        String message = e.getStatus() != null && e.getStatus().getMessage() != null ? e.getStatus().getMessage()
                : firstLine(e);
        return "refused (" + e.getCode() + "): " + message;
    }

    private static String firstLine(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = String.valueOf(root.getMessage());
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
