package io.meridian.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Runs conformance case files through the kernel: one line per case, then {@code N passed, M failed, K skipped}.
 */
public final class ConformanceRunner {
    /** Rebalancer kinds that describe end-to-end scenarios rather than kernel calls. */
    private static final Set<String> SCENARIO_KINDS = Set.of("karmada.rebalancer/e2e-step", "karmada.rebalancer/doc-example");
    private static final Set<String> REBALANCER_KINDS = Set.of("reconcile", "updateStatus", "e2e-step", "doc-example",
            "rescheduleRequired", "schedulerTrigger", "replicasChanged");

    private final ObjectMapper mapper = new ObjectMapper();
    private final Map<String, CaseHandler> handlers = CaseFamilies.all();
    private final PrintStream out;

    public ConformanceRunner(PrintStream out) {
        this.out = out;
    }

    /** Counts of one run. */
    public record Summary(int passed, int failed, int skipped, int unreadable) {
        public boolean ok() {
            return failed == 0 && unreadable == 0;
        }

        public String line() {
            return passed + " passed, " + failed + " failed, " + skipped + " skipped";
        }
    }

    public Summary run(List<Path> roots) {
        int[] counts = new int[4];
        for (Path root : roots) {
            for (Path file : caseFiles(root, counts)) {
                runFile(root, file, counts);
            }
        }
        Summary summary = new Summary(counts[0], counts[1], counts[2], counts[3]);
        out.println(summary.line());
        return summary;
    }

    private List<Path> caseFiles(Path root, int[] counts) {
        if (Files.isRegularFile(root)) {
            return List.of(root);
        }
        if (!Files.isDirectory(root)) {
            out.println("ERROR " + root + ": no such file or directory");
            counts[3]++;
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> Files.isRegularFile(p) && p.toString().endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            out.println("ERROR " + root + ": " + e.getMessage());
            counts[3]++;
            return List.of();
        }
    }

    private void runFile(Path root, Path file, int[] counts) {
        String label = Files.isDirectory(root) ? root.relativize(file).toString() : file.getFileName().toString();
        JsonNode document;
        try {
            document = mapper.readTree(file.toFile());
        } catch (IOException e) {
            out.println("ERROR " + label + ": cannot read: " + e.getMessage().lines().findFirst().orElse(""));
            counts[3]++;
            return;
        }
        for (QualifiedCase c : casesOf(document)) {
            CaseOutcome outcome = runCase(c);
            String name = label + "#" + c.testCase().path("name").asText("?");
            switch (outcome.status()) {
                case PASS -> {
                    counts[0]++;
                    out.println("PASS " + name);
                }
                case FAIL -> {
                    counts[1]++;
                    out.println("FAIL " + name + ": " + outcome.detail());
                }
                case SKIP -> {
                    counts[2]++;
                    out.println("SKIP " + name + ": " + outcome.detail());
                }
            }
        }
    }

    private record QualifiedCase(String kind, JsonNode testCase) {
    }

    private List<QualifiedCase> casesOf(JsonNode document) {
        List<QualifiedCase> cases = new ArrayList<>();
        document.path("allocationCases").forEach(c -> cases.add(new QualifiedCase("kruise.ud/allocation", c)));
        document.path("reservedPodStatusCases").forEach(c -> cases.add(new QualifiedCase("kruise.ud/reservedPodStatus", c)));
        for (String list : List.of("cases", "derivedCases")) {
            document.path(list).forEach(c -> cases.add(new QualifiedCase(kindOf(c), c)));
        }
        return cases;
    }

    private static String kindOf(JsonNode c) {
        if (c.hasNonNull("level")) {
            return "karmada.division/" + c.get("level").asText();
        }
        String kind = c.path("kind").asText("");
        return (REBALANCER_KINDS.contains(kind) ? "karmada.rebalancer/" : "kruise.ws/") + kind;
    }

    private CaseOutcome runCase(QualifiedCase c) {
        if (SCENARIO_KINDS.contains(c.kind())) {
            return CaseOutcome.skip("describes an end-to-end scenario, not a kernel call");
        }
        CaseHandler handler = handlers.get(c.kind());
        if (handler == null) {
            return CaseOutcome.fail("unknown case kind '" + c.kind().substring(c.kind().indexOf('/') + 1) + "'");
        }
        try {
            return handler.run(c.testCase());
        } catch (Exception | AssertionError e) {
            return CaseOutcome.fail(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }
}
