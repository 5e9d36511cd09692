package io.meridian.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.meridian.core.ws.MatchedWorkloadSpread;
import io.meridian.e2e.E2eFleet.HistoryEntry;
import io.meridian.sim.CuttableProxy;
import io.meridian.sim.ZoneSpec;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The pipeline keeps its promises while its services stop, restart or run twice: no subset ever above its
 * maxReplicas (sampled throughout), no decision lost or duplicated, and pods admitted without a decision (fail
 * open) brought under the spread. One runtime for the class (zones {@code a} and {@code b} only, so that every
 * node belongs to a subset), one namespace per test; each test leaves every service running.
 */
@Tag("e2e")
class ServiceFailureE2ETest {
    private static final Duration PATIENCE = Duration.ofSeconds(90);
    private static final String COMMAND_SERVICE = "command-service";
    private static final String GATEWAY = "webhook-gateway";
    private static final String NO_SUBSET = "(no subset)";
    private static E2eFleet fleet;

    @BeforeAll
    static void start() {
        fleet = E2eFleet.start(new ZoneSpec("a", 2, 40), new ZoneSpec("b", 2, 40));
    }

    @AfterAll
    static void stop() {
        if (fleet != null) {
            fleet.close();
        }
    }

    @Test
    void theCommandServiceRestartedDuringAScaleUpLosesNoDecisionDuplicatesNoneAndOverfillsNoSubset() throws Exception {
        String ns = "restart";
        givenSpread(ns, 10, 0);
        try (SubsetCeilingWatch watch = SubsetCeilingWatch.start(() -> fleet.counts(ns, "ws"), Map.of("a", 10))) {
            fleet.scale(ns, "web", 40);
            await("the scale-up under way").atMost(PATIENCE).until(() -> total(fleet.counts(ns, "ws")) >= 5);
            fleet.runtime.stopService(COMMAND_SERVICE);
            try {
                await("pods created while the command-service is down").atMost(PATIENCE)
                        .until(() -> total(fleet.counts(ns, "ws")) >= 20);
            } finally {
                fleet.runtime.restartService(COMMAND_SERVICE);
            }

            await("every pod under the spread").atMost(PATIENCE).untilAsserted(() ->
                    assertThat(fleet.counts(ns, "ws")).isEqualTo(Map.of("a", 10, "b", 30)));
            assertNoBreach(watch);
        }
        await("the history caught up").atMost(PATIENCE).untilAsserted(() -> assertEveryPodHasItsDecision(ns));
        assertNoDecisionTwice(ns);
    }

    @Test
    void twoGatewaysAdmittingPodsOfOneSpreadConcurrentlyNeverOverfillASubset() throws Exception {
        String ns = "two-gateways";
        givenSpread(ns, 10, 0);
        String second = fleet.runtime.startAnotherGateway("webhook-gateway-2");
        // two gateway replicas behind one address, as a Service spreads the API server's connections over them
        try (CuttableProxy proxy = new CuttableProxy("gateways", List.of(port(fleet.runtime.gatewayUrl()), port(second)));
             SubsetCeilingWatch watch = SubsetCeilingWatch.start(() -> fleet.counts(ns, "ws"), Map.of("a", 10))) {
            fleet.runtime.routeWebhooksTo("https://127.0.0.1:" + proxy.port());
            try {
                fleet.scale(ns, "web", 40);
                await("40 pods placed").atMost(PATIENCE).untilAsserted(() ->
                        assertThat(fleet.counts(ns, "ws")).isEqualTo(Map.of("a", 10, "b", 30)));
            } finally {
                fleet.runtime.routeWebhooksTo(fleet.runtime.gatewayUrl());
            }
            assertNoBreach(watch);
            assertThat(proxy.connections(0)).as("connections to the first gateway").isPositive();
            assertThat(proxy.connections(1)).as("connections to the second gateway").isPositive();
        } finally {
            fleet.runtime.stopService("webhook-gateway-2");
        }
        assertNoDecisionTwice(ns);
    }

    @Test
    void podsCreatedWhileTheGatewayIsDownAreAdoptedWhereThereIsRoomAndRescheduledElsewhere() throws Exception {
        String ns = "fail-open";
        givenSpread(ns, 3, 2);
        await("the first pods placed").atMost(PATIENCE).untilAsserted(() ->
                assertThat(fleet.counts(ns, "ws")).isEqualTo(Map.of("a", 2, "b", 0)));
        try (SubsetCeilingWatch watch = SubsetCeilingWatch.start(() -> fleet.counts(ns, "ws"), Map.of("a", 3))) {
            fleet.runtime.stopService(GATEWAY);
            try {
                fleet.scale(ns, "web", 12);
                await("ten pods admitted unchanged (fail open)").atMost(PATIENCE).untilAsserted(() ->
                        assertThat(fleet.counts(ns, "ws")).containsEntry(NO_SUBSET, 10));
            } finally {
                fleet.runtime.restartService(GATEWAY);
            }

            await("every pod under the spread").atMost(PATIENCE).untilAsserted(() ->
                    assertThat(fleet.counts(ns, "ws")).isEqualTo(Map.of("a", 3, "b", 9)));
            assertNoBreach(watch);
        }
        List<HistoryEntry> history = fleet.historyEntries(ns, "ws");
        assertThat(mutations(history, "PatchPod")).as("adoptions").isNotEmpty();
        assertThat(mutations(history, "DeletePod")).as("fail-open pods rescheduled for want of room").isNotEmpty();
        assertThat(history).anySatisfy(e -> assertThat(e.reason()).contains("with no room to adopt"));
        assertThat(history).anySatisfy(e -> assertThat(e.type()).isEqualTo("PodAdopted"));
        await("the placements show the adopted pods too").atMost(PATIENCE).untilAsserted(() ->
                assertThat(fleet.placements(ns, "ws")).isEqualTo(Map.of("a", 3, "b", 9)));
    }

    private static void givenSpread(String ns, int maxA, int replicas) {
        fleet.apply(SpreadBehaviourE2ETest.twoZoneSpread(ns, maxA));
        fleet.deployment(ns, "web", 0);
        await("the spread's first status").atMost(PATIENCE).until(() -> {
            GenericKubernetesResource spread = fleet.cluster().api().get("WorkloadSpread", ns, "ws");
            return spread != null && Serialization.jsonMapper().valueToTree(spread).path("status").path("subsetStatuses").size() > 0;
        });
        if (replicas > 0) {
            fleet.scale(ns, "web", replicas);
        }
    }

    private static void assertNoBreach(SubsetCeilingWatch watch) {
        assertThat(watch.failure()).as("sampling error").isNull();
        // proves the watch ran through the scenario; the fail-open one can now end in under 2 s, and each sample
        // reads the API server (100 ms apart plus the read), so ten samples are not always there in CI
        assertThat(watch.samples()).as("samples taken").isGreaterThanOrEqualTo(3);
        assertThat(watch.breaches()).as("samples above maxReplicas").isEmpty();
    }

    private static int total(Map<String, Integer> counts) {
        return counts.values().stream().mapToInt(Integer::intValue).sum();
    }

    private static int port(String url) {
        return URI.create(url).getPort();
    }

    /**
     * Every pod of the spread in the cluster has a recorded decision that put it where it is: an admission with its
     * subset, or a sync that adopted it into that subset.
     */
    private static void assertEveryPodHasItsDecision(String ns) {
        List<HistoryEntry> history = fleet.historyEntries(ns, "ws");
        Map<String, String> admitted = new HashMap<>();
        history.stream().filter(e -> e.type().equals("PodAdmitted") && "Patch".equals(e.payload().path("verdict").asText()))
                .forEach(e -> admitted.put(e.payload().path("pod").asText(), e.payload().path("subset").asText()));
        Map<String, String> adopted = new HashMap<>();
        mutations(history, "PatchPod").forEach(m -> adopted.put(m.path("targetName").asText(),
                MatchedWorkloadSpread.fromAnnotations(annotations(m.path("body").path("annotations")))
                        .map(MatchedWorkloadSpread::subset).orElse("")));
        for (var pod : fleet.cluster().client().pods().inNamespace(ns).list().getItems()) {
            if (pod.getMetadata().getDeletionTimestamp() != null) {
                continue;
            }
            String subset = MatchedWorkloadSpread.fromAnnotations(pod.getMetadata().getAnnotations())
                    .map(MatchedWorkloadSpread::subset).orElse(null);
            String name = pod.getMetadata().getName();
            assertThat(subset).as("subset of " + name).isNotNull();
            assertThat(List.of(admitted.getOrDefault(name, "-"), adopted.getOrDefault(name, "-")))
                    .as("the decisions about " + name).contains(subset);
        }
    }

    /**
     * No decision recorded twice, no pod admitted twice, no history position taken twice. A sync that adopts pods
     * is one decision with an entry of its own and one PodAdopted entry per pod, all under its decision id (as a
     * mutation result names the decision it answers), so an entry is told apart by type, decision and pod.
     */
    private static void assertNoDecisionTwice(String ns) {
        List<HistoryEntry> history = fleet.historyEntries(ns, "ws");
        assertThat(history).extracting(HistoryEntry::sequence).doesNotHaveDuplicates();
        assertThat(history.stream().filter(e -> e.decisionId() != null && !e.type().equals("MutationResultRecorded"))
                .map(e -> e.type() + " " + e.decisionId() + " " + e.payload().path("pod").asText("")).toList())
                .doesNotHaveDuplicates();
        Map<String, Long> admissionsPerPod = history.stream().filter(e -> e.type().equals("PodAdmitted"))
                .collect(Collectors.groupingBy(e -> e.payload().path("pod").asText(), Collectors.counting()));
        assertThat(admissionsPerPod).allSatisfy((pod, count) -> assertThat(count).as(pod).isEqualTo(1L));
    }

    private static List<JsonNode> mutations(List<HistoryEntry> history, String type) {
        return history.stream().filter(e -> e.type().equals("WorkloadSpreadSynced"))
                .flatMap(e -> java.util.stream.StreamSupport.stream(e.payload().path("mutations").spliterator(), false))
                .filter(m -> type.equals(m.path("type").asText())).toList();
    }

    private static Map<String, String> annotations(JsonNode node) {
        Map<String, String> out = new HashMap<>();
        node.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }
}
