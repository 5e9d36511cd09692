package io.meridian.gateway.command;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Group commit of pod calls: at most {@code inFlight} batch calls to the command-service at a time, and every pod
 * call that arrives while they are all busy leaves with the next one. An idle coalescer sends a call at once (no
 * timer); under load one HTTP call, with its TLS-free but still costly client, servlet and JSON framing, carries
 * many pods. Each pod still gets its own answer, and waits at most {@code timeout} from its arrival, as a single call
 * would: then it fails open ({@link CommandAnswer.Cause#TIMEOUT}) and, if it has not left yet, it never leaves.
 */
public final class PodCallCoalescer implements PodCalls {
    /** Sends pod calls as one; completes, never exceptionally, with exactly one answer per call, in order. */
    @FunctionalInterface
    public interface BatchCall {
        CompletableFuture<List<CommandAnswer>> send(List<JsonNode> bodies);
    }

    private record Waiting(JsonNode body, CompletableFuture<CommandAnswer> answer) {
    }

    private final BatchCall call;
    private final int inFlight;
    private final int maxBatch;
    private final Duration timeout;
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
    private int busy;

    /**
     * @param inFlight batch calls that may be under way at once
     * @param maxBatch pod calls one batch call carries at most
     * @param timeout  how long a pod call waits for its answer, counted from its arrival
     */
    public PodCallCoalescer(BatchCall call, int inFlight, int maxBatch, Duration timeout) {
        if (inFlight < 1 || maxBatch < 1) {
            throw new IllegalArgumentException("inFlight and maxBatch: must be at least 1");
        }
        this.call = call;
        this.inFlight = inFlight;
        this.maxBatch = maxBatch;
        this.timeout = timeout;
    }

    @Override
    public CommandAnswer post(JsonNode body) {
        Waiting mine = new Waiting(body, new CompletableFuture<>());
        List<Waiting> batch;
        synchronized (this) {
            waiting.add(mine);
            batch = nextBatch();
        }
        send(batch);
        try {
            return mine.answer().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            mine.answer().complete(new CommandAnswer.Unavailable(CommandAnswer.Cause.TIMEOUT,
                    "no answer within " + timeout.toMillis() + " ms"));
        } catch (ExecutionException e) {
            mine.answer().complete(new CommandAnswer.Unavailable(CommandAnswer.Cause.UNREACHABLE, String.valueOf(e.getCause())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            mine.answer().complete(new CommandAnswer.Unavailable(CommandAnswer.Cause.UNREACHABLE, "interrupted"));
        }
        return mine.answer().join();
    }

    /** Pod calls waiting for a batch call to be free (for tests). */
    synchronized int waitingCalls() {
        return waiting.size();
    }

    /** The pod calls that leave now, or none when every batch call is busy; called holding the lock. */
    private List<Waiting> nextBatch() {
        if (busy >= inFlight) {
            return Collections.emptyList();
        }
        List<Waiting> batch = new ArrayList<>();
        while (batch.size() < maxBatch && !waiting.isEmpty()) {
            Waiting next = waiting.poll();
            if (!next.answer().isDone()) {
                batch.add(next);
            }
        }
        if (!batch.isEmpty()) {
            busy++;
        }
        return batch;
    }

    private void send(List<Waiting> batch) {
        if (batch.isEmpty()) {
            return;
        }
        CompletableFuture<List<CommandAnswer>> answers;
        try {
            answers = call.send(batch.stream().map(Waiting::body).toList());
        } catch (RuntimeException e) {
            answers = CompletableFuture.failedFuture(e);
        }
        answers.whenComplete((answered, failure) -> {
            for (int i = 0; i < batch.size(); i++) {
                batch.get(i).answer().complete(answerOf(answered, failure, i));
            }
            List<Waiting> next;
            synchronized (this) {
                busy--;
                next = nextBatch();
            }
            send(next);
        });
    }

    private static CommandAnswer answerOf(List<CommandAnswer> answered, Throwable failure, int index) {
        if (failure != null) {
            return new CommandAnswer.Unavailable(CommandAnswer.Cause.UNREACHABLE, String.valueOf(failure));
        }
        if (answered == null || index >= answered.size()) {
            return new CommandAnswer.Unavailable(CommandAnswer.Cause.BAD_ANSWER, "no answer for this pod in the batch");
        }
        return answered.get(index);
    }
}
