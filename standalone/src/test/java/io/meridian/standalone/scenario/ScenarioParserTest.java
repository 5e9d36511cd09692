package io.meridian.standalone.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ScenarioParserTest {
    private static final String FLEET = """
            name: test
            clusters:
              - name: member1
                zones:
                  - {name: ack, nodes: 2, podsPerNode: 10, labels: {pool: fixed}, taints: [{key: k, value: v, effect: NoSchedule}]}
                  - {name: eci, nodes: 1, podsPerNode: 50}
              - name: member2
                zones: [{name: z1, nodes: 2, podsPerNode: 10}]
            """;

    @Test
    void everyStepKindAndExpectationIsRead() {
        Scenario scenario = ScenarioParser.parse(FLEET + """
                apply:
                  - manifest: |
                      apiVersion: apps/v1
                      kind: Deployment
                      metadata: {name: web, namespace: deploy}
                  - cluster: member2
                    manifest: |
                      apiVersion: v1
                      kind: ConfigMap
                      metadata: {name: c}
                steps:
                  - scale: {kind: Deployment, namespace: deploy, name: web, replicas: 120}
                  - expect: {within: 60s, workloadSpread: {namespace: deploy, name: ws}, subsets: {ack: 100, eci: 20}}
                  - expect: {within: 1.5m, unitedDeployment: {name: ud}, subsets: {a: 1}}
                  - expect: {workload: {kind: Deployment, name: web}, clusters: {member1: 5, member2: 5}}
                  - expect: {within: 30s, rebalancer: {name: demo}, observedWorkloads: [{name: web, result: Successful}]}
                  - fault: {cluster: member1, zoneFull: ack}
                  - fault: {cluster: member1, nodeNotReady: ack-1}
                  - fault: {cluster: member2, unreachable: true}
                  - recover: {cluster: member2}
                  - apply: {cluster: member2, manifest: "apiVersion: v1\\nkind: ConfigMap\\nmetadata: {name: d}\\n"}
                  - delete: {cluster: member1, kind: WorkloadRebalancer, name: demo}
                  - wait: 500ms
                """);

        assertThat(scenario.name()).isEqualTo("test");
        assertThat(scenario.hostCluster()).isEqualTo("member1");
        assertThat(scenario.clusters().get(0).zones().get(0).labels()).containsEntry("pool", "fixed");
        assertThat(scenario.clusters().get(0).zones().get(0).taints().get(0).getEffect()).isEqualTo("NoSchedule");
        assertThat(scenario.apply()).extracting(Scenario.Manifest::cluster).containsExactly("member1", "member2");
        assertThat(scenario.steps()).containsExactly(
                new Step.Scale("member1", "Deployment", "deploy", "web", 120),
                new Step.Expect(Duration.ofSeconds(60), new Step.WorkloadSpreadSubsets("member1", "deploy", "ws", Map.of("ack", 100, "eci", 20))),
                new Step.Expect(Duration.ofSeconds(90), new Step.UnitedDeploymentSubsets("default", "ud", Map.of("a", 1))),
                new Step.Expect(Duration.ofSeconds(60), new Step.WorkloadClusters("Deployment", "default", "web", Map.of("member1", 5, "member2", 5))),
                new Step.Expect(Duration.ofSeconds(30), new Step.RebalancerResults("demo", java.util.List.of(new Step.ObservedWorkload("web", "Successful")))),
                new Step.Fault("member1", Step.FaultKind.ZONE_FULL, "ack"),
                new Step.Fault("member1", Step.FaultKind.NODE_NOT_READY, "ack-1"),
                new Step.Fault("member2", Step.FaultKind.UNREACHABLE, null),
                new Step.Recover("member2"),
                new Step.Apply("member2", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: d}\n"),
                new Step.Delete("member1", "WorkloadRebalancer", null, "demo"),
                new Step.Wait(Duration.ofMillis(500)));
        assertThat(scenario.steps().get(1).describe()).isEqualTo("expect ws subsets {ack: 100, eci: 20}");
    }

    @Test
    void theSharedExamplesAreRead() throws Exception {
        Path examples = Path.of("../../shared/scenarios/examples");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(examples), "no shared examples here");
        try (Stream<Path> files = Files.list(examples)) {
            files.filter(f -> f.toString().endsWith(".yaml")).forEach(f ->
                    assertThat(ScenarioParser.parse(f).steps()).as(f.toString()).isNotEmpty());
        }
    }

    static Stream<Arguments> badScenarios() {
        return Stream.of(
                Arguments.of("steps:\n  - jump: {}\n", "steps[0]: unknown step kind 'jump'; use one of scale, expect, fault, recover, apply, delete, wait"),
                Arguments.of("steps:\n  - wait: 60x\n", "steps[0].wait: '60x' is not a duration; use a number with ms, s, m or h (e.g. 500ms, 60s, 2m)"),
                Arguments.of("steps:\n  - expect: {within: 60x, workloadSpread: {name: ws}, subsets: {a: 1}}\n", "steps[0].expect.within: '60x' is not a duration"),
                Arguments.of("steps:\n  - scale: {kind: Deployment, name: web}\n", "steps[0].scale.replicas: required, a whole number >= 0"),
                Arguments.of("steps:\n  - scale: {kind: Deployment, replicas: 3}\n", "steps[0].scale.name: required"),
                Arguments.of("steps:\n  - scale: {kind: Deployment, name: web, replicas: -1}\n", "steps[0].scale.replicas: must be a whole number >= 0, got -1"),
                Arguments.of("steps:\n  - scale: {cluster: member9, kind: Deployment, name: web, replicas: 1}\n", "steps[0].scale.cluster: unknown cluster member9; the scenario has [member1, member2]"),
                Arguments.of("steps:\n  - fault: {cluster: member1, zoneFull: nope}\n", "steps[0].fault.zoneFull: cluster member1 has no zone nope"),
                Arguments.of("steps:\n  - fault: {cluster: member1, nodeNotReady: ack-2}\n", "steps[0].fault.nodeNotReady: cluster member1 has no node ack-2"),
                Arguments.of("steps:\n  - fault: {zoneFull: ack}\n", "steps[0].fault.cluster: required"),
                Arguments.of("steps:\n  - expect: {workloadSpread: {name: ws}}\n", "steps[0].expect.subsets: required with workloadSpread"),
                Arguments.of("steps:\n  - expect: {subsets: {a: 1}}\n", "steps[0].expect: needs exactly one of workloadSpread, unitedDeployment, workload, rebalancer"),
                Arguments.of("steps:\n  - expect: {workload: {kind: D, name: w}, clusters: {member7: 1}}\n", "steps[0].expect.clusters.member7: unknown cluster"),
                Arguments.of("steps:\n  - expect: {workloadSpread: {name: ws}, subsets: {a: many}}\n", "steps[0].expect.subsets.a: must be a whole number >= 0"),
                Arguments.of("steps:\n  - expect: {workloadSpread: {name: ws}, subset: {a: 1}}\n", "steps[0].expect.subset: unknown field"),
                Arguments.of("steps:\n  - {wait: 1s, scale: {}}\n", "steps[0]: a step has exactly one kind"),
                Arguments.of("apply:\n  - cluster: member3\n    manifest: 'kind: A'\n", "apply[0].cluster: unknown cluster member3"),
                Arguments.of("apply:\n  - {}\n", "apply[0].manifest: required"),
                Arguments.of("apply:\n  - manifest: 'kind: ConfigMap'\n", "apply[0].manifest: document 1 needs apiVersion and kind"),
                Arguments.of("steps:\n  - delete: {kind: Pod}\n", "steps[0].delete.name: required"),
                Arguments.of("steps:\n  - recover: {}\n", "steps[0].recover.cluster: required"));
    }

    @ParameterizedTest
    @MethodSource("badScenarios")
    void badInputIsOneClearLine(String steps, String message) {
        assertThatThrownBy(() -> ScenarioParser.parse(FLEET + steps))
                .isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith(message)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"))
                .satisfies(e -> assertThat(e.getStackTrace()).isEmpty());
    }

    @Test
    void malformedYamlNamesTheLine() {
        assertThatThrownBy(() -> ScenarioParser.parse("clusters:\n  - name: [a\n"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("not valid YAML at line ");
    }

    @Test
    void clustersAreRequired() {
        assertThatThrownBy(() -> ScenarioParser.parse("name: x\nsteps: []\n"))
                .hasMessage("clusters: required, a list of at least one cluster");
        assertThatThrownBy(() -> ScenarioParser.parse("clusters:\n  - name: a\n"))
                .hasMessage("clusters[0].zones: required, a list of at least one zone");
        assertThatThrownBy(() -> ScenarioParser.parse("clusters:\n  - {name: a, zones: [{name: z, nodes: 1}]}\n"))
                .hasMessage("clusters[0].zones[0].podsPerNode: required, a whole number >= 0");
        assertThatThrownBy(() -> ScenarioParser.parse("clusters:\n  - {name: a, zones: [{name: z, nodes: 1, podsPerNode: 1}]}\n  - {name: a, zones: [{name: z, nodes: 1, podsPerNode: 1}]}\n"))
                .hasMessage("clusters[1].name: a is listed twice");
        assertThatThrownBy(() -> ScenarioParser.parse(""))
                .hasMessageStartingWith("the file is empty");
    }

    @Test
    void aMissingFileIsOneLine(@org.junit.jupiter.api.io.TempDir Path dir) {
        assertThatThrownBy(() -> ScenarioParser.parse(dir.resolve("nope.yaml")))
                .hasMessage(dir.resolve("nope.yaml") + ": no such file");
    }

    @Test
    void durations() {
        assertThat(Durations.parse("500ms")).contains(Duration.ofMillis(500));
        assertThat(Durations.parse("60s")).contains(Duration.ofSeconds(60));
        assertThat(Durations.parse("2h")).contains(Duration.ofHours(2));
        assertThat(Durations.parse("60x")).isEmpty();
        assertThat(Durations.parse("s")).isEmpty();
        assertThat(Durations.format(Duration.ofMillis(12_400))).isEqualTo("12.4 s");
    }
}
