package io.meridian.command.rebalancer.feed;

import io.meridian.command.rebalancer.api.RecordRescheduleOutcomes;
import io.meridian.command.rebalancer.api.RescheduleOutcome;
import io.meridian.command.rebalancer.api.RescheduleOutcome.Kind;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Folds the answers for one rebalancer into few {@link RecordRescheduleOutcomes}: the answers that arrive within
 * {@code window} of the first one, and those that arrive while the previous batch is being recorded, go out together
 * (one reconcile of the rebalancer per batch, not per answer). At most one batch per rebalancer is in flight, so the
 * batches grow with the load instead of queueing up. A later answer for a target replaces an earlier one, except that
 * a rollout's completion is never replaced by the reschedule that started it. The window grows with the requests a
 * rebalancer sent ({@link #expect}): each batch runs a reconcile over all its workloads, so a rebalancer of thousands
 * waits for more answers per batch (1.5 s at 5,000) instead of reconciling hundreds of times while they trickle in.
 */
final class AnswerFolder {
    /** A batch stays a modest event (and Kafka record) however many answers wait. */
    static final int MAX_BATCH = 1_000;
    /** A batch that failed (e.g. another instance appended to the rebalancer first) is tried again this often. */
    static final int ATTEMPTS = 5;
    /** How much each request sent lengthens a rebalancer's window (its reconciles cost as much per workload). */
    static final Duration WINDOW_PER_REQUEST = Duration.ofNanos(300_000);
    private static final Logger log = LoggerFactory.getLogger(AnswerFolder.class);
    private final Map<String, Map<String, RescheduleOutcome>> waiting = new HashMap<>();
    /** Rebalancers with a flush scheduled or a batch in flight. */
    private final Set<String> busy = new HashSet<>();
    private final Map<String, Integer> failures = new HashMap<>();
    private final Map<String, Integer> requested = new HashMap<>();
    private final Function<RecordRescheduleOutcomes, CompletableFuture<?>> recorder;
    private final ScheduledExecutorService timer;
    private final Clock clock;
    private final Duration window;

    AnswerFolder(Function<RecordRescheduleOutcomes, CompletableFuture<?>> recorder, ScheduledExecutorService timer,
                 Clock clock, Duration window) {
        this.recorder = recorder;
        this.timer = timer;
        this.clock = clock;
        this.window = window;
    }

    /** The rebalancer sent {@code requests} at once: its answers are folded over a window that large a batch merits. */
    synchronized void expect(String rebalancerId, int requests) {
        requested.merge(rebalancerId, requests, Math::max);
    }

    /** The rebalancer is gone: its window is forgotten (its answers in flight are still recorded, and refused). */
    synchronized void forget(String rebalancerId) {
        requested.remove(rebalancerId);
    }

    synchronized Duration window(String rebalancerId) {
        Duration bySize = WINDOW_PER_REQUEST.multipliedBy(requested.getOrDefault(rebalancerId, 0));
        return bySize.compareTo(window) > 0 ? bySize : window;
    }

    void add(String rebalancerId, String targetId, RescheduleOutcome outcome) {
        boolean schedule;
        synchronized (this) {
            waiting.computeIfAbsent(rebalancerId, id -> new HashMap<>()).merge(targetId, outcome, AnswerFolder::later);
            schedule = busy.add(rebalancerId);
        }
        if (schedule) {
            timer.schedule(() -> flush(rebalancerId), window(rebalancerId).toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private static RescheduleOutcome later(RescheduleOutcome earlier, RescheduleOutcome later) {
        return later.is(Kind.Rescheduled) && earlier.is(Kind.Completed) ? earlier : later;
    }

    /** At most {@link #MAX_BATCH} answers of the rebalancer; the rest keep waiting. */
    private Map<String, RescheduleOutcome> take(String rebalancerId) {
        Map<String, RescheduleOutcome> all = waiting.remove(rebalancerId);
        if (all == null || all.size() <= MAX_BATCH) {
            return all;
        }
        Map<String, RescheduleOutcome> batch = new HashMap<>();
        Iterator<Map.Entry<String, RescheduleOutcome>> entries = all.entrySet().iterator();
        while (batch.size() < MAX_BATCH) {
            Map.Entry<String, RescheduleOutcome> entry = entries.next();
            batch.put(entry.getKey(), entry.getValue());
            entries.remove();
        }
        waiting.put(rebalancerId, all);
        return batch;
    }

    private void flush(String rebalancerId) {
        Map<String, RescheduleOutcome> batch;
        synchronized (this) {
            batch = take(rebalancerId);
            if (batch == null) {
                busy.remove(rebalancerId);
                return;
            }
        }
        CompletableFuture<?> recorded;
        try {
            recorded = recorder.apply(new RecordRescheduleOutcomes(rebalancerId, batch, clock.instant()));
        } catch (RuntimeException e) {
            recorded = CompletableFuture.failedFuture(e);
        }
        recorded.whenComplete((ignored, error) -> {
            if (error != null) {
                failed(rebalancerId, batch, error);
            } else {
                synchronized (this) {
                    failures.remove(rebalancerId);
                }
            }
            timer.schedule(() -> flush(rebalancerId), window(rebalancerId).toMillis(), TimeUnit.MILLISECONDS);
        });
    }

    /** The batch goes back to wait with the next answers (newer ones win), unless it failed too often. */
    private void failed(String rebalancerId, Map<String, RescheduleOutcome> batch, Throwable error) {
        synchronized (this) {
            int attempts = failures.merge(rebalancerId, 1, Integer::sum);
            if (attempts < ATTEMPTS) {
                Map<String, RescheduleOutcome> again = waiting.computeIfAbsent(rebalancerId, id -> new HashMap<>());
                batch.forEach((target, outcome) -> again.merge(target, outcome, (newer, old) -> later(old, newer)));
                log.info("{} answer(s) for {} to be recorded again (attempt {}): {}", batch.size(), rebalancerId,
                        attempts, error.toString());
                return;
            }
            failures.remove(rebalancerId);
        }
        log.warn("{} answer(s) not recorded on {} after {} attempts: {}", batch.size(), rebalancerId, ATTEMPTS,
                error.toString());
    }
}
