package io.meridian.command.rebalancer.feed;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.command.federation.api.ReschedulePlan;
import io.meridian.command.rebalancer.api.RecordRescheduleOutcomes;
import io.meridian.command.rebalancer.api.RescheduleOutcome;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** How answers for rebalancers are folded into few RecordRescheduleOutcomes. */
class AnswerFolderTest {
    static final Instant NOW = Instant.parse("2026-11-22T04:00:00Z");
    static final ReschedulePlan PLAN = new ReschedulePlan(Map.of("member1", 4), Map.of("member2", 4));
    static final RescheduleOutcome RESCHEDULED = RescheduleOutcome.rescheduled(PLAN);
    static final RescheduleOutcome COMPLETED = RescheduleOutcome.completed(PLAN);

    final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    final List<RecordRescheduleOutcomes> recorded = new CopyOnWriteArrayList<>();
    CompletableFuture<Object> firstBatchRecorded = CompletableFuture.completedFuture(null);

    AnswerFolder folder(Duration window) {
        return new AnswerFolder(command -> {
            recorded.add(command);
            return recorded.size() == 1 ? firstBatchRecorded : CompletableFuture.completedFuture(null);
        }, timer, Clock.fixed(NOW, ZoneOffset.UTC), window);
    }

    /** A folder whose first batch, this one answer, is being recorded until the test completes it. */
    AnswerFolder whileTheFirstBatchIsRecorded(String target, RescheduleOutcome outcome) throws InterruptedException {
        firstBatchRecorded = new CompletableFuture<>();
        AnswerFolder folder = folder(Duration.ofMillis(5));
        folder.add("rebalancer:r", target, outcome);
        awaitRecorded(1);
        return folder;
    }

    @AfterEach
    void stop() {
        timer.shutdownNow();
    }

    void awaitRecorded(int n) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (recorded.size() < n && System.nanoTime() < until) {
            Thread.sleep(5);
        }
    }

    @Test
    void answersArrivingWithinTheWindowAreRecordedAsOneCommand() throws Exception {
        AnswerFolder folder = folder(Duration.ofMillis(300));

        folder.add("rebalancer:r", "binding:a", RESCHEDULED);
        folder.add("rebalancer:r", "binding:b", RESCHEDULED);
        folder.add("rebalancer:r", "binding:c", RescheduleOutcome.notFound("gone"));
        awaitRecorded(1);
        Thread.sleep(400);

        assertThat(recorded).hasSize(1);
        assertThat(recorded.get(0).outcomes()).containsOnlyKeys("binding:a", "binding:b", "binding:c");
        assertThat(recorded.get(0).at()).isEqualTo(NOW);
    }

    @Test
    void theWindowGrowsWithTheRequestsTheRebalancerSent() {
        AnswerFolder folder = folder(Duration.ofMillis(20));

        folder.expect("rebalancer:big", 5_000);
        folder.expect("rebalancer:small", 10);

        assertThat(folder.window("rebalancer:big")).isEqualTo(Duration.ofMillis(1_500));
        assertThat(folder.window("rebalancer:small")).isEqualTo(Duration.ofMillis(20));
        assertThat(folder.window("rebalancer:unknown")).isEqualTo(Duration.ofMillis(20));
    }

    @Test
    void aForgottenRebalancerFallsBackToTheBaseWindow() {
        AnswerFolder folder = folder(Duration.ofMillis(20));
        folder.expect("rebalancer:big", 5_000);

        folder.forget("rebalancer:big");

        assertThat(folder.window("rebalancer:big")).isEqualTo(Duration.ofMillis(20));
    }

    @Test
    void answersOfALargeRebalancerAreFoldedOverItsLongerWindow() throws Exception {
        AnswerFolder folder = folder(Duration.ofMillis(20));
        folder.expect("rebalancer:r", 3_000);

        folder.add("rebalancer:r", "binding:a", RESCHEDULED);
        Thread.sleep(200);
        folder.add("rebalancer:r", "binding:b", RESCHEDULED);
        awaitRecorded(1);

        assertThat(recorded).hasSize(1);
        assertThat(recorded.get(0).outcomes()).containsOnlyKeys("binding:a", "binding:b");
    }

    @Test
    void answersArrivingWhileABatchIsRecordedGoOutTogetherAfterIt() throws Exception {
        AnswerFolder folder = whileTheFirstBatchIsRecorded("binding:a", RESCHEDULED);

        folder.add("rebalancer:r", "binding:b", RESCHEDULED);
        folder.add("rebalancer:r", "binding:c", RESCHEDULED);
        Thread.sleep(50);
        assertThat(recorded).hasSize(1);
        firstBatchRecorded.complete(null);
        awaitRecorded(2);

        assertThat(recorded.get(1).outcomes()).containsOnlyKeys("binding:b", "binding:c");
    }

    @Test
    void manyWaitingAnswersGoOutInBatchesOfAtMostTheLimit() throws Exception {
        AnswerFolder folder = whileTheFirstBatchIsRecorded("binding:first", RESCHEDULED);
        for (int i = 0; i < AnswerFolder.MAX_BATCH + 10; i++) {
            folder.add("rebalancer:r", "binding:" + i, RESCHEDULED);
        }
        firstBatchRecorded.complete(null);
        awaitRecorded(3);

        assertThat(recorded).extracting(command -> command.outcomes().size())
                .containsExactly(1, AnswerFolder.MAX_BATCH, 10);
    }

    @Test
    void eachRebalancerGetsItsOwnCommand() throws Exception {
        AnswerFolder folder = folder(Duration.ofMillis(50));

        folder.add("rebalancer:r", "binding:a", RESCHEDULED);
        folder.add("rebalancer:s", "binding:a", RESCHEDULED);
        awaitRecorded(2);

        assertThat(recorded).extracting(RecordRescheduleOutcomes::id)
                .containsExactlyInAnyOrder("rebalancer:r", "rebalancer:s");
    }

    @Test
    void aCompletedRolloutIsNotReplacedByTheRescheduleThatStartedIt() throws Exception {
        AnswerFolder folder = folder(Duration.ofMillis(300));

        folder.add("rebalancer:r", "binding:a", COMPLETED);
        folder.add("rebalancer:r", "binding:a", RESCHEDULED);
        awaitRecorded(1);

        assertThat(recorded.get(0).outcomes()).containsExactly(Map.entry("binding:a", COMPLETED));
    }

    @Test
    void aBatchThatFailedIsRecordedAgainWithTheNextAnswers() throws Exception {
        AnswerFolder folder = whileTheFirstBatchIsRecorded("binding:a", RESCHEDULED);

        folder.add("rebalancer:r", "binding:b", RESCHEDULED);
        firstBatchRecorded.completeExceptionally(new IllegalStateException("another instance appended first"));
        awaitRecorded(2);

        assertThat(recorded.get(1).outcomes()).containsOnlyKeys("binding:a", "binding:b");
    }

    @Test
    void aNewerAnswerWinsOverTheOneOfAFailedBatch() throws Exception {
        AnswerFolder folder = whileTheFirstBatchIsRecorded("binding:a", RescheduleOutcome.error("timeout"));

        folder.add("rebalancer:r", "binding:a", RESCHEDULED);
        firstBatchRecorded.completeExceptionally(new IllegalStateException("another instance appended first"));
        awaitRecorded(2);

        assertThat(recorded.get(1).outcomes()).containsExactly(Map.entry("binding:a", RESCHEDULED));
    }
}
