package io.meridian.standalone.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.meridian.sim.SimOptions;
import io.meridian.sim.SimulatedFleet;
import io.meridian.standalone.scenario.Scenario;
import io.meridian.standalone.scenario.ScenarioParser;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The runner's steps and expectations against simulated clusters alone (no control plane): the pods
 * carry their subset through their template's matched-workloadspread annotation, as if admitted.
 */
class ScenarioRunnerTest {
    private static final String CLUSTERS = """
            clusters:
              - name: member1
                zones: [{name: z1, nodes: 2, podsPerNode: 10}, {name: z2, nodes: 1, podsPerNode: 10}]
              - name: member2
                zones: [{name: z1, nodes: 1, podsPerNode: 10}]
            """;
    private static SimulatedFleet fleet;

    @BeforeAll
    static void start() {
        fleet = SimulatedFleet.start(ScenarioParser.parse(CLUSTERS).clusters(),
                SimOptions.DEFAULTS.withReadyDelay(Duration.ofMillis(100)));
    }

    @AfterAll
    static void stop() {
        fleet.close();
    }

    private static String spreadAndWorkloads(String namespace) {
        return """
                apply:
                  - manifest: |
                      apiVersion: apps.kruise.io/v1alpha1
                      kind: WorkloadSpread
                      metadata: {name: ws, namespace: %1$s}
                      spec:
                        targetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
                        subsets: [{name: a, maxReplicas: 3}, {name: b}]
                  - manifest: |
                      apiVersion: apps/v1
                      kind: Deployment
                      metadata: {name: web, namespace: %1$s}
                      spec:
                        replicas: 0
                        selector: {matchLabels: {app: web}}
                        template:
                          metadata:
                            labels: {app: web}
                            annotations: {apps.kruise.io/matched-workloadspread: '{"name":"ws","subset":"a"}'}
                          spec: {containers: [{name: main, image: nginx}]}
                      ---
                      apiVersion: apps/v1
                      kind: Deployment
                      metadata: {name: other, namespace: %1$s}
                      spec:
                        replicas: 2
                        selector: {matchLabels: {app: other}}
                        template:
                          metadata:
                            labels: {app: other}
                            annotations: {apps.kruise.io/matched-workloadspread: '{"name":"ws","subset":"b"}'}
                          spec: {containers: [{name: main, image: nginx}]}
                """.formatted(namespace);
    }

    private static ScenarioRunner.Outcome run(String yaml, boolean check, List<String> lines) {
        Scenario scenario = ScenarioParser.parse(CLUSTERS + yaml);
        return new ScenarioRunner(fleet, result -> lines.add(result.line()), check, Duration.ofMillis(100)).run(scenario);
    }

    @Test
    void anExpectationPollsUntilItHoldsAndUnlistedSubsetsCountAsZero() {
        List<String> lines = new ArrayList<>();
        ScenarioRunner.Outcome outcome = run(spreadAndWorkloads("holds") + """
                steps:
                  - scale: {kind: Deployment, namespace: holds, name: web, replicas: 3}
                  - expect: {within: 20s, workloadSpread: {namespace: holds, name: ws}, subsets: {a: 3}}
                  - expect: {within: 1s, workloadSpread: {namespace: holds, name: ws}, subsets: {a: 3, b: 0}}
                """, true, lines);

        assertThat(outcome.passed()).as(String.join("\n", lines)).isTrue();
        assertThat(lines).hasSize(5);
        assertThat(lines.get(0)).startsWith("ok  apply 0 apply WorkloadSpread ws in member1 (");
        assertThat(lines.get(2)).startsWith("ok  step 0 scale Deployment holds/web to 3 (");
        assertThat(lines.get(3)).matches("ok  step 1 expect ws subsets \\{a: 3\\} \\(\\d+(\\.\\d)? m?s\\)");
    }

    @Test
    void checkStopsAtTheFirstFailedExpectationSayingWhatItSaw() {
        List<String> lines = new ArrayList<>();
        ScenarioRunner.Outcome outcome = run(spreadAndWorkloads("fails") + """
                steps:
                  - scale: {kind: Deployment, namespace: fails, name: web, replicas: 2}
                  - expect: {within: 20s, workloadSpread: {namespace: fails, name: ws}, subsets: {a: 2, b: 0}}
                  - expect: {within: 1s, workloadSpread: {namespace: fails, name: ws}, subsets: {a: 1, b: 1}}
                  - wait: 10ms
                """, true, lines);

        assertThat(outcome.passed()).isFalse();
        assertThat(outcome.results()).hasSize(5);
        assertThat(lines.get(4)).startsWith("FAIL step 2 expect ws subsets {a: 1, b: 1} (").endsWith("): saw {a: 2, b: 0}");
    }

    @Test
    void podsWithoutASubsetOfTheSpreadAreSeenAndMustBeZero() {
        List<String> lines = new ArrayList<>();
        ScenarioRunner.Outcome outcome = run(spreadAndWorkloads("stray") + """
                  - manifest: |
                      apiVersion: apps/v1
                      kind: Deployment
                      metadata: {name: web, namespace: stray}
                      spec:
                        replicas: 2
                        selector: {matchLabels: {app: web}}
                        template:
                          metadata: {labels: {app: web}}
                          spec: {containers: [{name: main, image: nginx}]}
                steps:
                  - expect: {within: 3s, workloadSpread: {namespace: stray, name: ws}, subsets: {a: 2}}
                """, true, lines);

        assertThat(outcome.passed()).isFalse();
        assertThat(lines.get(lines.size() - 1)).endsWith("saw {a: 0, (no subset): 2}");
    }

    @Test
    void withoutCheckEveryStepRunsFaultsRecoverDeleteAndUnsupportedExpectationsFail() {
        List<String> lines = new ArrayList<>();
        ScenarioRunner.Outcome outcome = run(spreadAndWorkloads("all") + """
                steps:
                  - fault: {cluster: member1, zoneFull: z2}
                  - fault: {cluster: member1, nodeNotReady: z1-1}
                  - fault: {cluster: member2, unreachable: true}
                  - recover: {cluster: member2}
                  - recover: {cluster: member1}
                  - expect: {within: 1s, unitedDeployment: {name: ud}, subsets: {a: 1}}
                  - expect: {within: 1s, workload: {kind: Deployment, name: web}, clusters: {member1: 1, member2: 1}}
                  - expect: {within: 1s, rebalancer: {name: r}, observedWorkloads: [{name: web, result: Successful}]}
                  - delete: {kind: Deployment, namespace: all, name: other}
                  - delete: {kind: Deployment, namespace: all, name: other}
                  - delete: {kind: WorkloadRebalancer, name: none}
                  - expect: {within: 1s, workloadSpread: {namespace: all, name: nope}, subsets: {a: 0}}
                  - scale: {kind: Deployment, namespace: all, name: missing, replicas: 1}
                  - wait: 50ms
                """, false, lines);

        assertThat(outcome.results()).hasSize(16);
        assertThat(outcome.failures()).isEqualTo(7);
        assertThat(lines.subList(2, 7)).allMatch(l -> l.startsWith("ok  "));
        assertThat(lines.get(7)).startsWith("FAIL ").endsWith(": no UnitedDeployment default/ud in member1");
        assertThat(lines.get(8)).startsWith("FAIL ").endsWith(": saw member1: 0, member2: 0");
        assertThat(lines.get(9)).startsWith("FAIL ").endsWith(": no WorkloadRebalancer r in member1");
        assertThat(lines.get(10)).startsWith("ok  step 8 delete Deployment all/other in member1");
        assertThat(lines.get(11)).endsWith(": no Deployment all/other");
        assertThat(lines.get(12)).startsWith("FAIL step 10 delete WorkloadRebalancer none in member1").endsWith(": no WorkloadRebalancer none");
        assertThat(lines.get(13)).endsWith(": saw no WorkloadSpread all/nope in member1");
        assertThat(lines.get(14)).startsWith("FAIL step 12 scale Deployment all/missing to 1");
        assertThat(lines.get(15)).startsWith("ok  step 13 wait 50 ms");
        assertThat(fleet.cluster("member2").isUnreachable()).isFalse();
        assertThat(new FleetObserver(fleet).spread("member1", "all", "ws").counts()).isEqualTo(Map.of("a", 0, "b", 0));
    }

    @Test
    void anApiErrorWhilePollingAnExpectationIsAPollThatDidNotHold() {
        ScenarioRunner.Check check = ScenarioRunner.attempt(() -> {
            throw new io.fabric8.kubernetes.client.KubernetesClientException("the server was too slow", 504, null);
        });

        assertThat(check.holds()).isFalse();
        assertThat(check.seen()).isEqualTo("API error 504: the server was too slow");
    }

    @Test
    void applyingAWorkloadSpreadEndsOnceItsStatusShowsTheAppliedGeneration() throws Exception {
        Thread meridian = new Thread(() -> writeStatusOnceApplied("takenup", 1));
        meridian.start();
        List<String> lines = new ArrayList<>();
        List<Boolean> statusWhenApplied = new ArrayList<>();

        ScenarioRunner.Outcome outcome = new ScenarioRunner(fleet, result -> {
            lines.add(result.line());
            if (result.line().contains("apply 0")) {
                statusWhenApplied.add(fleet.cluster("member1").api().get("WorkloadSpread", "takenup", "ws")
                        .getAdditionalProperties().containsKey("status"));
            }
        }, true, Duration.ofMillis(50), Optional.of(Duration.ofSeconds(5))).run(ScenarioParser.parse(CLUSTERS
                + spreadAndWorkloads("takenup")));
        meridian.join();

        assertThat(outcome.passed()).as(String.join("\n", lines)).isTrue();
        assertThat(statusWhenApplied).containsExactly(true);
    }

    @Test
    void aWorkloadSpreadNeverTakenUpFailsItsApplySayingWhatWasSeen() {
        List<String> lines = new ArrayList<>();

        ScenarioRunner.Outcome outcome = runTakingUpSpreads(spreadAndWorkloads("ignored"), lines);

        assertThat(outcome.passed()).isFalse();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).startsWith("FAIL apply 0 apply WorkloadSpread ws in member1 (")
                .endsWith("): WorkloadSpread ignored/ws not taken up by Meridian within 1s: no status.observedGeneration yet");
    }

    private static ScenarioRunner.Outcome runTakingUpSpreads(String yaml, List<String> lines) {
        return new ScenarioRunner(fleet, result -> lines.add(result.line()), true, Duration.ofMillis(50),
                Optional.of(Duration.ofSeconds(1))).run(ScenarioParser.parse(CLUSTERS + yaml));
    }

    /** Stands in for Meridian: writes the spread's status once it is there, a little later. */
    private static void writeStatusOnceApplied(String namespace, long generation) {
        var spreads = fleet.cluster("member1").client().genericKubernetesResources("apps.kruise.io/v1alpha1", "WorkloadSpread")
                .inNamespace(namespace).withName("ws");
        GenericKubernetesResource spread = await().atMost(Duration.ofSeconds(10)).until(spreads::get, s -> s != null);
        sleepQuietly(Duration.ofMillis(300));
        spread.setAdditionalProperty("status", Map.of("observedGeneration", generation, "subsetStatuses", List.of()));
        spreads.updateStatus(spread);
    }

    private static void sleepQuietly(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
