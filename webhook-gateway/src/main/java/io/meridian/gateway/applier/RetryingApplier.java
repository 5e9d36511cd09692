package io.meridian.gateway.applier;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.meridian.schemas.Mutation;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies one mutation until it has a final result: conflicts (and a target that vanished between read
 * and write) are re-read and retried with backoff up to a budget; throttling and server errors until the
 * expectation's deadline; an unreachable cluster is reported once as {@code Unreachable} and then retried,
 * with backoff, until it answers.
 */
public final class RetryingApplier {
    private static final Logger log = LoggerFactory.getLogger(RetryingApplier.class);

    /** Waits between attempts; tests may pass a recording one. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    /** One attempt at a mutation against one cluster's client ({@link MutationExecutor#apply} in production). */
    @FunctionalInterface
    public interface Attempt {
        ApplyResult apply(Mutation mutation, KubernetesClient kube);
    }

    enum Failure { CONFLICT, UNREACHABLE, TRANSIENT, PERMANENT }

    private final ClusterClients clusters;
    private final Attempt executor;
    private final Expectations expectations;
    private final Backoff backoff;
    private final Sleeper sleeper;
    private final int conflictRetries;

    public RetryingApplier(ClusterClients clusters, Attempt executor, Expectations expectations, Backoff backoff,
                           Sleeper sleeper, int conflictRetries) {
        this.clusters = clusters;
        this.executor = executor;
        this.expectations = expectations;
        this.backoff = backoff;
        this.sleeper = sleeper;
        this.conflictRetries = conflictRetries;
    }

    /**
     * The final result of {@code mutation}; {@code interim} hears the {@code Unreachable} of an outage.
     * Throws InterruptedException when stopped before a final result (the record is then redelivered).
     */
    public ApplyResult apply(Mutation mutation, Consumer<ApplyResult> interim) throws InterruptedException {
        Expectations.Expectation expectation = expectations.expect(mutation);
        try {
            int attempt = 0;
            int conflicts = 0;
            boolean reportedUnreachable = false;
            while (true) {
                attempt++;
                try {
                    return executor.apply(mutation, clusters.forCluster(mutation.cluster()));
                } catch (ClusterClients.NoKubeconfig e) {
                    return ApplyResult.failed(e.getMessage());
                } catch (IllegalArgumentException e) {
                    return ApplyResult.failed(oneLine(e));
                } catch (KubernetesClientException e) {
                    Failure failure = classify(e);
                    String detail = describe(e);
                    switch (failure) {
                        case PERMANENT -> {
                            return ApplyResult.failed(detail);
                        }
                        case CONFLICT -> {
                            if (++conflicts > conflictRetries || expectations.expired(expectation)) {
                                return ApplyResult.conflict(detail + " (after " + conflicts + " attempts)");
                            }
                        }
                        case TRANSIENT -> {
                            if (expectations.expired(expectation)) {
                                return ApplyResult.failed(detail + " (gave up after " + attempt + " attempts)");
                            }
                        }
                        case UNREACHABLE -> {
                            if (!reportedUnreachable) {
                                reportedUnreachable = true;
                                interim.accept(ApplyResult.unreachable(detail));
                            }
                        }
                    }
                    Duration delay = backoff.delay(attempt);
                    log.info("attempt {} of {} failed ({}: {}); retrying in {} ms", attempt, mutation.mutationId(),
                            failure, detail, delay.toMillis());
                    sleeper.sleep(delay);
                }
            }
        } finally {
            expectations.observed(expectation);
        }
    }

    static Failure classify(KubernetesClientException e) {
        int code = e.getCode();
        if (code == 409 || code == 404) {
            return Failure.CONFLICT;
        }
        if (code == 429 || code == 500) {
            return Failure.TRANSIENT;
        }
        if (code == 502 || code == 503 || code == 504 || code <= 0 && causedByIo(e)) {
            return Failure.UNREACHABLE;
        }
        if (code <= 0) {
            return Failure.TRANSIENT;
        }
        return Failure.PERMANENT;
    }

    private static boolean causedByIo(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof IOException || cause instanceof TimeoutException) {
                return true;
            }
        }
        return false;
    }

    private static String describe(KubernetesClientException e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = e.getCode() > 0 ? "HTTP " + e.getCode() + ": " + oneLine(e) : oneLine(e);
        return root == e ? message : message + " (" + root.getClass().getSimpleName() + ": " + oneLine(root) + ")";
    }

    private static String oneLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.lines().findFirst().orElse("").strip();
    }
}
