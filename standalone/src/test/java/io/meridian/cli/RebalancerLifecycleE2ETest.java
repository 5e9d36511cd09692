package io.meridian.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.meridian.sim.SimOptions;
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
                    zones: [{name: z1, nodes: 6, podsPerNode: 10}]
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
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(runtime.commandUrl() + "/api/rebalance/plan"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"workloads\":[\"" + NS + "/Deployment/" + name + "\"]}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        return Serialization.jsonMapper().readTree(response.body()).path("plans").path(0).path("after");
    }

    static void awaitPlanAfter(String name, Map<String, Integer> expected) {
        JsonNode wanted = Serialization.jsonMapper().valueToTree(expected);
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).until(() -> planAfter(name),
                wanted::equals);
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
        AtomicInteger lowest = new AtomicInteger(Integer.MAX_VALUE);
        AtomicInteger samples = new AtomicInteger();
        AtomicBoolean sampling = new AtomicBoolean(true);
        Thread sampler = new Thread(() -> {
            while (sampling.get()) {
                lowest.accumulateAndGet(available("mbb"), Math::min);
                samples.incrementAndGet();
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        sampler.start();
        try {
            // a rebalancer reschedules over the members the control plane sees Ready when it starts: wait until the
            // recovered member2 is one again (its copy can be deleted before its first heartbeat is processed)
            awaitPlanAfter("mbb", Map.of("member1", 6, "member2", 3));
            rebalancer("mbb", "mbb", "preserveAvailable: true");
            awaitClusters("mbb", Map.of("member1", 6, "member2", 3), Duration.ofSeconds(90));
            await().atMost(Duration.ofSeconds(60)).until(() -> result("mbb"), "Successful"::equals);
        } finally {
            sampling.set(false);
            sampler.join();
        }

        assertThat(samples.get()).isGreaterThan(20);
        assertThat(lowest.get()).isGreaterThanOrEqualTo(9);
        assertThat(status("mbb").path("finishTime").isTextual()).isTrue();
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
