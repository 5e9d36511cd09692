package io.meridian.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.meridian.sim.SimOptions;
import io.meridian.sim.SimulatedCluster;
import io.meridian.standalone.StandaloneRuntime;
import io.meridian.standalone.scenario.ScenarioParser;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * WorkloadRebalancer behaviours over the whole standalone process: make-before-break never lowers the available
 * replicas (sampled all along), the TTL deletes a finished rebalancer, and {@code meridian rebalance --dry-run}
 * prints the plan of a workload. Long (failover, then a make-before-break rollout): tagged {@code soak} too (in the
 * default run; {@code -Dgroups=soak} runs the soaks alone).
 */
@Tag("e2e")
@Tag("soak")
class RebalancerLifecycleE2ETest {
    static final String NS = "default";
    /** A member is declared unreachable after this many seconds without heartbeats (30 by default). */
    static final String UNREACHABLE_PROPERTY = "MERIDIAN_FAILOVER_UNREACHABLE_SECONDS";
    static StandaloneRuntime runtime;

    @BeforeAll
    static void start() {
        System.setProperty(UNREACHABLE_PROPERTY, "12");
        runtime = StandaloneRuntime.start(ScenarioParser.parse("""
                clusters:
                  - name: member1
                    zones: [{name: z1, nodes: 2, podsPerNode: 10}]
                  - name: member2
                    zones: [{name: z1, nodes: 6, podsPerNode: 10}, {name: z2, nodes: 1, podsPerNode: 10}]
                """).clusters(), SimOptions.DEFAULTS, line -> { });
    }

    @AfterAll
    static void stop() {
        runtime.close();
        System.clearProperty(UNREACHABLE_PROPERTY);
    }

    static void apply(String yaml) {
        runtime.fleet().host().api().apply(yaml);
    }

    /** A Deployment of 9 divided 2:1 over member1 and member2. */
    static void federated(String name) {
        apply("""
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: %1$s, namespace: default}
                spec:
                  replicas: 9
                  selector: {matchLabels: {app: %1$s}}
                  template:
                    metadata: {labels: {app: %1$s}}
                    spec: {containers: [{name: web, image: nginx:alpine}]}
                ---
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: %1$s, namespace: default}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: %1$s}]
                  placement:
                    clusterAffinity: {clusterNames: [member1, member2]}
                    replicaScheduling:
                      replicaSchedulingType: Divided
                      replicaDivisionPreference: Weighted
                      weightPreference:
                        staticWeightList:
                        - {targetCluster: {clusterNames: [member1]}, weight: 2}
                        - {targetCluster: {clusterNames: [member2]}, weight: 1}
                """.formatted(name));
    }

    static void rebalancer(String name, String workload, String extraSpec) {
        apply("""
                apiVersion: apps.karmada.io/v1alpha1
                kind: WorkloadRebalancer
                metadata: {name: %s}
                spec:
                  %s
                  workloads: [{apiVersion: apps/v1, kind: Deployment, namespace: default, name: %s}]
                """.formatted(name, extraSpec, workload));
    }

    /** spec.replicas of the workload's copy in each cluster that has one. */
    static Map<String, Integer> clusters(String name) {
        Map<String, Integer> out = new TreeMap<>();
        for (String cluster : List.of("member1", "member2")) {
            GenericKubernetesResource copy = runtime.fleet().cluster(cluster).api().get("Deployment", NS, name);
            if (copy != null) {
                out.put(cluster, Serialization.jsonMapper().valueToTree(copy).path("spec").path("replicas").asInt());
            }
        }
        return out;
    }

    /** Ready, not terminating pods of the workload over both clusters: what serves. */
    static int available(String name) {
        int ready = 0;
        for (String cluster : List.of("member1", "member2")) {
            for (Pod pod : runtime.fleet().cluster(cluster).api().pods(NS, Map.of("app", name))) {
                boolean isReady = pod.getStatus() != null && pod.getStatus().getConditions() != null
                        && pod.getStatus().getConditions().stream()
                        .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
                ready += pod.getMetadata().getDeletionTimestamp() == null && isReady ? 1 : 0;
            }
        }
        return ready;
    }

    static JsonNode status(String rebalancer) {
        GenericKubernetesResource cr = runtime.fleet().host().api().get("WorkloadRebalancer", null, rebalancer);
        return cr == null ? null : Serialization.jsonMapper().valueToTree(cr).path("status");
    }

    static String result(String rebalancer) {
        JsonNode status = status(rebalancer);
        return status == null ? "(gone)" : status.path("observedWorkloads").path(0).path("result").asText("");
    }

    static void awaitClusters(String name, Map<String, Integer> expected, Duration within) {
        await().atMost(within).pollInterval(Duration.ofMillis(250)).until(() -> clusters(name), expected::equals);
    }

    /** What a fresh reschedule of the workload would assign now (the dry-run plan endpoint). */
    static JsonNode planAfter(String name) throws Exception {
        return planAfter("Deployment", name);
    }

    static JsonNode planAfter(String kind, String name) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(runtime.commandUrl() + "/api/rebalance/plan"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"workloads\":[\"" + NS + "/" + kind + "/" + name + "\"]}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        return Serialization.jsonMapper().readTree(response.body()).path("plans").path(0).path("after");
    }

    static void awaitPlanAfter(String name, Map<String, Integer> expected) {
        awaitPlanAfter("Deployment", name, expected, Duration.ofSeconds(60));
    }

    static void awaitPlanAfter(String kind, String name, Map<String, Integer> expected, Duration within) {
        JsonNode wanted = Serialization.jsonMapper().valueToTree(expected);
        await().atMost(within).pollInterval(Duration.ofMillis(500)).until(() -> planAfter(kind, name),
                wanted::equals);
    }

    /** The lowest {@link #available} count seen every 100 ms from creation until closed. */
    static final class LowestAvailable implements AutoCloseable {
        private final AtomicInteger lowest = new AtomicInteger(Integer.MAX_VALUE);
        private final AtomicInteger samples = new AtomicInteger();
        private final AtomicBoolean sampling = new AtomicBoolean(true);
        private final Thread sampler;

        LowestAvailable(String name) {
            sampler = new Thread(() -> {
                while (sampling.get()) {
                    lowest.accumulateAndGet(available(name), Math::min);
                    samples.incrementAndGet();
                    try {
                        // dense enough that a quick rebalance (about 2 s on an idle machine) still gives many samples
                        Thread.sleep(25);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            sampler.start();
        }

        int lowest() {
            return lowest.get();
        }

        int samples() {
            return samples.get();
        }

        @Override
        public void close() throws InterruptedException {
            sampling.set(false);
            sampler.join();
        }
    }

    /** Failover to member1 and back: member1 holds all 9, ready, member2 none. */
    static void allInMember1(String name) {
        federated(name);
        awaitClusters(name, Map.of("member1", 6, "member2", 3), Duration.ofSeconds(60));
        runtime.fleet().cluster("member2").unreachable();
        try {
            awaitClusters(name, Map.of("member1", 9, "member2", 3), Duration.ofSeconds(120));
        } finally {
            // the other tests share the fleet: never leave member2 cut off
            runtime.fleet().cluster("member2").recover();
        }
        awaitClusters(name, Map.of("member1", 9), Duration.ofSeconds(120));
        await().atMost(Duration.ofSeconds(30)).until(() -> available(name) == 9);
    }

    @Test
    void preserveAvailableNeverDropsTheAvailableReplicasWhileItSpreadsThemAgain() throws Exception {
        allInMember1("mbb");
        int lowest;
        try (LowestAvailable sampled = new LowestAvailable("mbb")) {
            // a rebalancer reschedules over the members the control plane sees Ready when it starts: wait until the
            // recovered member2 is one again (its copy can be deleted before its first heartbeat is processed)
            awaitPlanAfter("mbb", Map.of("member1", 6, "member2", 3));
            rebalancer("mbb", "mbb", "preserveAvailable: true");
            awaitClusters("mbb", Map.of("member1", 6, "member2", 3), Duration.ofSeconds(90));
            await().atMost(Duration.ofSeconds(60)).until(() -> result("mbb"), "Successful"::equals);
            lowest = sampled.lowest();
            assertThat(sampled.samples()).isGreaterThan(20);
        }

        assertThat(lowest).isGreaterThanOrEqualTo(9);
        assertThat(status("mbb").path("finishTime").isTextual()).isTrue();
    }

    @Test
    void preserveAvailableMovesAUnitedDeploymentWithoutDroppingItsReadyReplicas() throws Exception {
        SimulatedCluster member2 = runtime.fleet().cluster("member2");
        member2.zoneFull("z2");
        try {
            apply(adaptiveUnitedDeployment("mbb-ud"));
            // z2 is full: its subset turns unschedulable and all 6 run in z1
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(500))
                    .until(() -> subsets("mbb-ud").equals(Map.of("small", 0, "big", 6)) && available("mbb-ud") == 6);
        } finally {
            member2.recover();
        }
        // past the unschedulable window a fresh allocation fills z2 again, while the ready pods keep them in z1
        awaitPlanAfter("UnitedDeployment", "mbb-ud", Map.of("small", 4, "big", 2), Duration.ofSeconds(90));
        assertThat(subsets("mbb-ud")).isEqualTo(Map.of("small", 0, "big", 6));

        int lowest;
        try (LowestAvailable sampled = new LowestAvailable("mbb-ud")) {
            apply("""
                    apiVersion: apps.karmada.io/v1alpha1
                    kind: WorkloadRebalancer
                    metadata: {name: mbb-ud}
                    spec:
                      preserveAvailable: true
                      workloads: [{apiVersion: apps.kruise.io/v1alpha1, kind: UnitedDeployment, namespace: default, name: mbb-ud}]
                    """);
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(250))
                    .until(() -> subsets("mbb-ud").equals(Map.of("small", 4, "big", 2)) && available("mbb-ud") == 6);
            await().atMost(Duration.ofSeconds(60)).until(() -> result("mbb-ud"), "Successful"::equals);
            lowest = sampled.lowest();
            // the whole move takes a few seconds: about two samples a second of the two clusters' pods
            assertThat(sampled.samples()).isGreaterThan(5);
        }
        assertThat(lowest).isGreaterThanOrEqualTo(6);
    }

    /**
     * Adaptive, 6 replicas in member2: up to 4 in zone z2 ({@code small}), the rest in z1 ({@code big}). Its pods take
     * 4 s to be ready, so a move that removed replicas before their replacements were ready would be seen.
     */
    private static String adaptiveUnitedDeployment(String name) {
        return """
                apiVersion: apps.kruise.io/v1alpha1
                kind: UnitedDeployment
                metadata: {name: %1$s, namespace: default}
                spec:
                  replicas: 6
                  selector: {matchLabels: {app: %1$s}}
                  template:
                    deploymentTemplate:
                      metadata: {labels: {app: %1$s}}
                      spec:
                        selector: {matchLabels: {app: %1$s}}
                        template:
                          metadata:
                            labels: {app: %1$s}
                            annotations: {sim.meridian.io/ready-after: 4s}
                          spec: {containers: [{name: main, image: nginx:alpine}]}
                  topology:
                    scheduleStrategy:
                      type: Adaptive
                      adaptive: {rescheduleCriticalSeconds: 3, unschedulableDuration: 15}
                    subsets:
                    - name: small
                      cluster: member2
                      nodeSelectorTerm:
                        matchExpressions: [{key: topology.kubernetes.io/zone, operator: In, values: [z2]}]
                      maxReplicas: 4
                    - name: big
                      cluster: member2
                      nodeSelectorTerm:
                        matchExpressions: [{key: topology.kubernetes.io/zone, operator: In, values: [z1]}]
                """.formatted(name);
    }

    /** spec.replicas of each subset workload of a UnitedDeployment of the host (all in member2 here). */
    static Map<String, Integer> subsets(String name) {
        Map<String, Integer> out = new TreeMap<>();
        String owner = runtime.fleet().host().name() + "/" + NS + "/" + name;
        for (GenericKubernetesResource workload : runtime.fleet().cluster("member2").client()
                .genericKubernetesResources("apps/v1", "Deployment").inNamespace(NS).list().getItems()) {
            Map<String, String> annotations = workload.getMetadata().getAnnotations();
            Map<String, String> labels = workload.getMetadata().getLabels();
            if (annotations != null && owner.equals(annotations.get("apps.meridian.io/united-deployment"))
                    && labels != null && labels.containsKey("apps.kruise.io/subset-name")) {
                out.merge(labels.get("apps.kruise.io/subset-name"),
                        Serialization.jsonMapper().valueToTree(workload).path("spec").path("replicas").asInt(), Integer::sum);
            }
        }
        return out;
    }

    @Test
    void theTtlDeletesAFinishedRebalancer() {
        federated("ttl");
        awaitClusters("ttl", Map.of("member1", 6, "member2", 3), Duration.ofSeconds(60));

        rebalancer("short-lived", "ttl", "ttlSecondsAfterFinished: 3");

        await().atMost(Duration.ofSeconds(30)).until(() -> result("short-lived"), "Successful"::equals);
        await().atMost(Duration.ofSeconds(30)).until(() -> status("short-lived") == null);
    }

    @Test
    void theCliPrintsTheDryRunPlanOfAWorkload() {
        federated("plan");
        awaitClusters("plan", Map.of("member1", 6, "member2", 3), Duration.ofSeconds(60));
        StringWriter out = new StringWriter();
        CommandLine cli = MeridianCommand.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(new StringWriter(), true));

        int exit = cli.execute("rebalance", "--dry-run", "--command-url=" + runtime.commandUrl(), "plan",
                "default/Deployment/none");

        assertThat(exit).isEqualTo(RebalanceCommand.NO_PLAN);
        assertThat(out.toString().lines()).containsSequence(
                "default/Deployment/plan (binding:default/Deployment/plan)",
                "  member1    6 -> 6",
                "  member2    3 -> 3",
                "  total      9 -> 9");
        assertThat(out.toString()).contains("default/Deployment/none").contains("no plan: not found");
        assertThat(clusters("plan")).isEqualTo(Map.of("member1", 6, "member2", 3));
    }
}
