package io.meridian.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.cli.manifest.ManifestDocument;
import io.meridian.cli.manifest.ManifestFile;
import io.meridian.core.validation.FieldError;
import io.meridian.core.validation.ManifestKinds;
import io.meridian.core.validation.ManifestValidator;
import io.meridian.core.validation.ValidationContext;
import io.meridian.core.validation.ValidationResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code meridian validate -f FILE}: validates every document and prints one line per violation
 * ({@code FILE: Kind/name: <field error>}) or {@code Kind/name: valid}, then a summary line.
 * Exit 0 when all are valid, 1 when any is not, 2 when the file cannot be read or parsed.
 */
@Command(name = "validate", description = "Validate WorkloadSpread, UnitedDeployment, WorkloadRebalancer and PropagationPolicy manifests.")
public final class ValidateCommand implements Callable<Integer> {
    static final int ALL_VALID = 0;
    static final int VIOLATIONS = 1;
    static final int UNREADABLE = 2;

    @Option(names = {"-f", "--filename"}, required = true, description = "Manifest file (YAML or JSON, may hold several documents).")
    Path file;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ManifestFile manifests = ManifestFile.read(file);
        int invalid = 0;
        int violations = 0;
        List<ManifestDocument> seen = new ArrayList<>();
        for (ManifestDocument document : manifests.documents()) {
            ValidationResult result = ManifestValidator.validate(document.node(), contextFor(document, seen));
            seen.add(document);
            if (result.isValid()) {
                out.println(document.label() + ": valid");
            } else {
                invalid++;
                violations += result.errors().size();
                for (FieldError error : result.errors()) {
                    out.println(file + ": " + document.label() + ": " + error.render());
                }
            }
        }
        manifests.problem().ifPresent(problem -> err.println(file + ": " + problem));
        boolean empty = manifests.documents().isEmpty() && manifests.problem().isEmpty();
        if (empty) {
            err.println(file + ": no documents found");
        }
        if (!manifests.documents().isEmpty() || manifests.problem().isEmpty()) {
            out.println(summary(manifests.documents().size(), invalid, violations));
        }
        out.flush();
        err.flush();
        if (manifests.problem().isPresent()) {
            return UNREADABLE;
        }
        return invalid > 0 || empty ? VIOLATIONS : ALL_VALID;
    }

    /** A WorkloadSpread is checked against the spreads earlier in the file, in its namespace, as an apply would. */
    static ValidationContext contextFor(ManifestDocument document, List<ManifestDocument> earlier) {
        ValidationContext context = ValidationContext.unknown();
        String spread = ManifestKinds.WORKLOAD_SPREAD.kind();
        if (!spread.equals(document.kind())) {
            return context;
        }
        List<JsonNode> others = earlier.stream()
                .filter(d -> spread.equals(d.kind()) && d.namespace().equals(document.namespace()))
                .map(ManifestDocument::node)
                .toList();
        return context.withOtherWorkloadSpreads(others);
    }

    private String summary(int documents, int invalid, int violations) {
        int valid = documents - invalid;
        return file + ": " + documents + (documents == 1 ? " document" : " documents") + ", " + valid + " valid, "
                + invalid + " invalid, " + violations + (violations == 1 ? " violation" : " violations");
    }
}
