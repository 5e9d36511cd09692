package io.meridian.gateway.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PodCallCoalescerTest {
    private final ExecutorService callers = Executors.newCachedThreadPool();
    /** The batch calls sent, each as the names of its pods, in order. */
    private final List<List<String>> sent = new CopyOnWriteArrayList<>();
    /** The batch calls not answered yet, in the order they were sent. */
    private final List<CompletableFuture<List<CommandAnswer>>> held = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        callers.shutdownNow();
    }

    @Test
    void anIdleCallLeavesAtOnceOnItsOwn() {
        PodCallCoalescer coalescer = new PodCallCoalescer(this::answerAtOnce, 1, 100, Duration.ofSeconds(5));

        CommandAnswer answer = coalescer.post(pod("a"));

        assertThat(sent).containsExactly(List.of("a"));
        assertThat(answer).isEqualTo(answered("a"));
    }

    @Test
    void callsThatArriveWhileOneIsInFlightLeaveTogetherAndEachGetsItsOwnAnswer() throws Exception {
        PodCallCoalescer coalescer = new PodCallCoalescer(this::hold, 1, 100, Duration.ofSeconds(5));
        Future<CommandAnswer> first = callers.submit(() -> coalescer.post(pod("a")));
        await().until(() -> held.size() == 1);
        List<Future<CommandAnswer>> later = List.of(callers.submit(() -> coalescer.post(pod("b"))),
                callers.submit(() -> coalescer.post(pod("c"))), callers.submit(() -> coalescer.post(pod("d"))));
        await().until(() -> coalescer.waitingCalls() == 3);
        assertThat(sent).hasSize(1);

        answerHeld(0);
        await().until(() -> held.size() == 2);
        answerHeld(1);

        assertThat(sent).hasSize(2);
        assertThat(sent.get(1)).containsExactlyInAnyOrder("b", "c", "d");
        assertThat(first.get()).isEqualTo(answered("a"));
        assertThat(later.get(0).get()).isEqualTo(answered("b"));
        assertThat(later.get(1).get()).isEqualTo(answered("c"));
        assertThat(later.get(2).get()).isEqualTo(answered("d"));
    }

    @Test
    void aBatchCarriesAtMostMaxBatchPodCalls() throws Exception {
        PodCallCoalescer coalescer = new PodCallCoalescer(this::hold, 1, 2, Duration.ofSeconds(5));
        callers.submit(() -> coalescer.post(pod("a")));
        await().until(() -> held.size() == 1);
        List.of("b", "c", "d").forEach(name -> callers.submit(() -> coalescer.post(pod(name))));
        await().until(() -> coalescer.waitingCalls() == 3);

        answerHeld(0);
        await().until(() -> held.size() == 2);
        answerHeld(1);
        await().until(() -> held.size() == 3);

        assertThat(sent.get(1)).hasSize(2);
        assertThat(sent.get(2)).hasSize(1);
    }

    @Test
    void upToInFlightCallsAreUnderWayAtOnce() {
        PodCallCoalescer coalescer = new PodCallCoalescer(this::hold, 2, 100, Duration.ofSeconds(5));
        callers.submit(() -> coalescer.post(pod("a")));
        await().until(() -> held.size() == 1);
        callers.submit(() -> coalescer.post(pod("b")));
        await().until(() -> held.size() == 2);
        callers.submit(() -> coalescer.post(pod("c")));

        await().until(() -> coalescer.waitingCalls() == 1);
        assertThat(sent).containsExactly(List.of("a"), List.of("b"));
    }

    @Test
    void aFailedBatchCallFailsOpenEachOfItsPods() throws Exception {
        PodCallCoalescer coalescer = new PodCallCoalescer(this::hold, 1, 100, Duration.ofSeconds(5));
        Future<CommandAnswer> first = callers.submit(() -> coalescer.post(pod("a")));
        await().until(() -> held.size() == 1);
        List<Future<CommandAnswer>> later = List.of(callers.submit(() -> coalescer.post(pod("b"))),
                callers.submit(() -> coalescer.post(pod("c"))));
        await().until(() -> coalescer.waitingCalls() == 2);
        answerHeld(0);
        await().until(() -> held.size() == 2);

        held.get(1).completeExceptionally(new IOException("connection reset"));

        assertThat(first.get()).isEqualTo(answered("a"));
        for (Future<CommandAnswer> answer : later) {
            assertThat(answer.get()).isInstanceOfSatisfying(CommandAnswer.Unavailable.class,
                    unavailable -> assertThat(unavailable.cause()).isEqualTo(CommandAnswer.Cause.UNREACHABLE));
        }
    }

    @Test
    void aPodCallThatWaitsLongerThanTheTimeoutFailsOpenAndNeverLeaves() throws Exception {
        PodCallCoalescer coalescer = new PodCallCoalescer(this::hold, 1, 100, Duration.ofMillis(300));
        callers.submit(() -> coalescer.post(pod("a")));
        await().until(() -> held.size() == 1);

        CommandAnswer late = coalescer.post(pod("b"));
        answerHeld(0);

        assertThat(late).isEqualTo(new CommandAnswer.Unavailable(CommandAnswer.Cause.TIMEOUT, "no answer within 300 ms"));
        assertThat(coalescer.waitingCalls()).isZero();
        assertThat(sent).containsExactly(List.of("a"));
    }

    private CompletableFuture<List<CommandAnswer>> answerAtOnce(List<JsonNode> bodies) {
        sent.add(names(bodies));
        return CompletableFuture.completedFuture(bodies.stream().map(b -> answered(name(b))).toList());
    }

    private CompletableFuture<List<CommandAnswer>> hold(List<JsonNode> bodies) {
        sent.add(names(bodies));
        CompletableFuture<List<CommandAnswer>> answers = new CompletableFuture<>();
        held.add(answers);
        return answers;
    }

    /** Answers the {@code index}th batch call: each pod with its own name. */
    private void answerHeld(int index) {
        held.get(index).complete(sent.get(index).stream().map(PodCallCoalescerTest::answered).toList());
    }

    private static List<String> names(List<JsonNode> bodies) {
        return bodies.stream().map(PodCallCoalescerTest::name).toList();
    }

    private static String name(JsonNode body) {
        return body.path("pod").path("metadata").path("name").asText();
    }

    private static CommandAnswer answered(String name) {
        return new CommandAnswer.Answered(JsonNodeFactory.instance.objectNode().put("reason", "decided " + name));
    }

    private static JsonNode pod(String name) {
        var body = JsonNodeFactory.instance.objectNode().put("operation", "CREATE");
        body.putObject("pod").putObject("metadata").put("name", name);
        return body;
    }
}
