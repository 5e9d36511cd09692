package io.meridian.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code meridian demo --scenario FILE --check} through the command line, with every service started:
 * one line per step and exit 1 at the first failed expectation, saying what it saw (the steps chosen hold,
 * or fail, whatever the control plane decides).
 */
class DemoCheckModeTest {

    @Test
    void printsOneLinePerStepAndStopsAtTheFirstFailedExpectation(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("check.yaml");
        Files.writeString(file, """
                name: check mode
                clusters: [{name: member1, zones: [{name: z1, nodes: 1, podsPerNode: 10}]}]
                apply:
                  - manifest: |
                      apiVersion: apps.kruise.io/v1alpha1
                      kind: WorkloadSpread
                      metadata: {name: ws, namespace: deploy}
                      spec:
                        targetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
                        subsets: [{name: a, maxReplicas: 1}, {name: b}]
                steps:
                  - expect: {within: 5s, workloadSpread: {namespace: deploy, name: ws}, subsets: {a: 0, b: 0}}
                  - expect: {within: 1s, workloadSpread: {namespace: deploy, name: ws}, subsets: {a: 1}}
                  - wait: 1s
                """);

        DemoCommandTest.Run run = DemoCommandTest.run("demo", "--scenario", file.toString(), "--check");

        assertThat(run.exit()).as(run.err()).isEqualTo(DemoCommand.FAILED);
        String[] lines = run.out().split("\\R");
        assertThat(lines).hasSize(3);
        assertThat(lines[0]).startsWith("ok  apply 0 apply WorkloadSpread ws in member1 (");
        assertThat(lines[1]).startsWith("ok  step 0 expect ws subsets {a: 0, b: 0} (");
        assertThat(lines[2]).startsWith("FAIL step 1 expect ws subsets {a: 1} (").endsWith("): saw {a: 0}");
        assertThat(run.err()).contains("started kafka", "started webhook-gateway", "started cluster agents");
    }
}
