package io.meridian.command.admission;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.ws.api.AdmissionOutcome;
import io.meridian.command.ws.api.AdmitPods;
import io.meridian.command.ws.api.PodToAdmit;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The batcher's read guarantee and order, with a command gateway that stands in for the aggregate. */
class AdmissionBatcherTest {
    private static final String SPREAD = "member1/ns/ws";

    private record Span(long start, long end) {
    }

    private final List<Span> barriers = new CopyOnWriteArrayList<>();
    private final List<Span> commandsSent = new CopyOnWriteArrayList<>();
    private final List<String> decidedInOrder = new CopyOnWriteArrayList<>();
    private final Map<String, Long> objectsReadAt = new ConcurrentHashMap<>();
    private final AdmissionBatcher batcher = new AdmissionBatcher(gateway(), Clock.systemUTC(), 256, 4, this::barrier,
            (cluster, pod) -> {
                objectsReadAt.putIfAbsent(pod.path("metadata").path("name").asText(), System.nanoTime());
                return List.of();
            });

    @AfterEach
    void stop() {
        batcher.destroy();
    }

    private volatile boolean barrierCatchesUp = true;

    private boolean barrier() {
        long start = System.nanoTime();
        sleep(15);
        barriers.add(new Span(start, System.nanoTime()));
        return barrierCatchesUp;
    }

    private CommandGateway gateway() {
        return (CommandGateway) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{CommandGateway.class},
                (proxy, method, args) -> {
                    if (!"sendAndWait".equals(method.getName()) || !(args[0] instanceof AdmitPods admit)) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    long start = System.nanoTime();
                    sleep(25);
                    List<AdmissionOutcome> outcomes = new ArrayList<>();
                    for (PodToAdmit pod : admit.pods()) {
                        decidedInOrder.add(pod.pod().path("metadata").path("name").asText());
                        outcomes.add(new AdmissionOutcome(pod.decisionId(), AdmissionOutcome.ALLOW, null, null, "ok", null));
                    }
                    commandsSent.add(new Span(start, System.nanoTime()));
                    return outcomes;
                });
    }

    private List<Long> submitPods(int count) throws Exception {
        List<Long> arrivedAt = new ArrayList<>();
        List<CompletableFuture<AdmissionOutcome>> answers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            JsonNode pod = JsonNodeFactory.instance.objectNode().set("metadata",
                    JsonNodeFactory.instance.objectNode().put("name", "pod-" + i));
            arrivedAt.add(System.nanoTime());
            answers.add(batcher.submit(SPREAD, new PodToAdmit("uid-" + i, "d-" + i, pod)));
            sleep(2);
        }
        CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
        return arrivedAt;
    }

    @Test
    void everyPodsWorkloadObjectsAreReadAfterABarrierThatStartedAfterThePodArrived() throws Exception {
        List<Long> arrivedAt = submitPods(60);

        for (int i = 0; i < arrivedAt.size(); i++) {
            long arrived = arrivedAt.get(i);
            long read = objectsReadAt.get("pod-" + i);
            assertThat(barriers).as("pod-%d", i).anyMatch(b -> b.start() >= arrived && b.end() <= read);
        }
    }

    @Test
    void podsAreDecidedInArrivalOrderAcrossBatches() throws Exception {
        submitPods(60);

        assertThat(decidedInOrder).hasSize(60);
        for (int i = 0; i < 60; i++) {
            assertThat(decidedInOrder.get(i)).isEqualTo("pod-" + i);
        }
        assertThat(commandsSent).hasSizeGreaterThan(1);
    }

    @Test
    void aBarrierRunsWhileTheBatchBeforeIsBeingDecided() throws Exception {
        submitPods(60);

        assertThat(barriers).anyMatch(b -> commandsSent.stream().anyMatch(c -> b.start() > c.start() && b.start() < c.end()));
    }

    @Test
    void theOwnerChainOfPodsOfOneControllerIsReadOncePerBatch() throws Exception {
        List<String> chainReads = new CopyOnWriteArrayList<>();
        List<List<JsonNode>> objectsSent = new CopyOnWriteArrayList<>();
        JsonNode replicaSet = JsonNodeFactory.instance.objectNode().put("apiVersion", "apps/v1").put("kind", "ReplicaSet")
                .set("metadata", JsonNodeFactory.instance.objectNode().put("name", "web-1").put("namespace", "ns"));
        AdmissionBatcher recording = new AdmissionBatcher(recordingGateway(objectsSent), Clock.systemUTC(), 256, 4, () -> {
            sleep(50);
            return true;
        }, (cluster, pod) -> {
            chainReads.add(pod.path("metadata").path("name").asText());
            return List.of(replicaSet);
        });
        try {
            List<CompletableFuture<AdmissionOutcome>> answers = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                answers.add(recording.submit(SPREAD, new PodToAdmit("uid-" + i, "d-" + i, ownedPod("pod-" + i, "web-1"))));
            }
            answers.add(recording.submit(SPREAD, new PodToAdmit("uid-x", "d-x", ownedPod("pod-x", "other"))));
            CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
        } finally {
            recording.destroy();
        }

        assertThat(objectsSent).allSatisfy(objects -> assertThat(objects).containsExactly(replicaSet));
        assertThat(chainReads).contains("pod-x").hasSizeLessThanOrEqualTo(2 * objectsSent.size());
        assertThat(chainReads.size()).isLessThan(21);
    }

    private static JsonNode ownedPod(String name, String replicaSet) {
        JsonNode pod = JsonNodeFactory.instance.objectNode().set("metadata", JsonNodeFactory.instance.objectNode()
                .put("name", name).put("namespace", "ns"));
        ((ObjectNode) pod.get("metadata")).putArray("ownerReferences").addObject()
                .put("apiVersion", "apps/v1").put("kind", "ReplicaSet").put("name", replicaSet).put("controller", true);
        return pod;
    }

    private CommandGateway recordingGateway(List<List<JsonNode>> objectsSent) {
        return (CommandGateway) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{CommandGateway.class},
                (proxy, method, args) -> {
                    AdmitPods admit = (AdmitPods) args[0];
                    objectsSent.add(admit.clusterObjects());
                    return admit.pods().stream().map(pod -> new AdmissionOutcome(pod.decisionId(), AdmissionOutcome.ALLOW, null,
                            null, "ok", null)).toList();
                });
    }

    private static PodToAdmit pod(String name) {
        JsonNode pod = JsonNodeFactory.instance.objectNode().set("metadata",
                JsonNodeFactory.instance.objectNode().put("name", name));
        return new PodToAdmit("uid-" + name, "d-" + name, pod);
    }

    @Test
    void aPodThatNeedsCaughtUpStateIsRefusedWhenItsBarrierGivesUp() throws Exception {
        barrierCatchesUp = false;

        AdmissionOutcome outcome = batcher.submit(SPREAD, pod("lagging"), true).get(10, TimeUnit.SECONDS);

        assertThat(outcome.allowed()).isFalse();
        assertThat(outcome.denialCode()).isEqualTo(503);
        assertThat(decidedInOrder).isEmpty();
    }

    @Test
    void aPodThatDoesNotNeedCaughtUpStateIsDecidedWhenItsBarrierGivesUp() throws Exception {
        barrierCatchesUp = false;

        AdmissionOutcome outcome = batcher.submit(SPREAD, pod("plain"), false).get(10, TimeUnit.SECONDS);

        assertThat(outcome.allowed()).isTrue();
        assertThat(decidedInOrder).containsExactly("plain");
    }

    @Test
    void aPodThatNeedsCaughtUpStateIsDecidedWhenItsBarrierPasses() throws Exception {
        AdmissionOutcome outcome = batcher.submit(SPREAD, pod("fresh"), true).get(10, TimeUnit.SECONDS);

        assertThat(outcome.allowed()).isTrue();
        assertThat(decidedInOrder).containsExactly("fresh");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
