package io.meridian.gateway.applier;

import static io.meridian.gateway.applier.MutationExecutorTest.mutation;
import static io.meridian.gateway.applier.MutationExecutorTest.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClientException;
import io.meridian.schemas.Mutation;
import io.meridian.schemas.MutationResult.Outcome;
import java.net.ConnectException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

/** Retries, backoff and the final result of one mutation, with a clock that moves only when the applier sleeps. */
class RetryingApplierTest {
    private final MutableClock clock = MutableClock.of(Instant.parse("2026-11-22T04:00:00Z"), ZoneOffset.UTC);
    private final List<Duration> sleeps = new ArrayList<>();
    private final List<ApplyResult> interim = new ArrayList<>();
    private final AtomicInteger attempts = new AtomicInteger();
    private final Expectations expectations = new Expectations(clock, Duration.ofSeconds(10));
    private final ClusterClients clusters = new ClusterClients(kubeconfigs(), Duration.ofSeconds(1));
    private final Mutation mutation = mutation("d/0", Mutation.Type.SET_POD_DELETION_COST, pod("web-1", null), "{\"cost\":\"1\"}");

    @AfterEach
    void close() {
        clusters.close();
    }

    private static Path kubeconfigs() {
        Path dir = Kubeconfigs.directory();
        Kubeconfigs.write(dir, "member1", "http://127.0.0.1:9");
        return dir;
    }

    /** Fails with {@code failure} for the first {@code times} attempts, then patches. */
    private RetryingApplier failing(int times, KubernetesClientException failure) {
        RetryingApplier.Attempt attempt = (m, kube) -> {
            if (attempts.incrementAndGet() <= times) {
                throw failure;
            }
            return ApplyResult.patched("done");
        };
        return new RetryingApplier(clusters, attempt, expectations, new Backoff(Duration.ofMillis(100), Duration.ofSeconds(2), () -> 1.0),
                duration -> {
                    sleeps.add(duration);
                    clock.add(duration);
                }, 3);
    }

    private static KubernetesClientException status(int code) {
        return new KubernetesClientException("status " + code, code, null);
    }

    @Test
    void conflictsAreReadAgainAndRetriedWithGrowingPauses() throws Exception {
        ApplyResult result = failing(2, status(409)).apply(mutation, interim::add);

        assertThat(result.outcome()).isEqualTo(Outcome.PATCHED);
        assertThat(sleeps).containsExactly(Duration.ofMillis(100), Duration.ofMillis(200));
        assertThat(interim).isEmpty();
        assertThat(expectations.inFlight()).isZero();
    }

    @Test
    void conflictsPastTheBudgetAreAConflict() throws Exception {
        ApplyResult result = failing(100, status(409)).apply(mutation, interim::add);

        assertThat(result.outcome()).isEqualTo(Outcome.CONFLICT);
        assertThat(attempts.get()).isEqualTo(4);
    }

    @Test
    void anUnreachableClusterIsReportedOnceAndRetriedUntilItAnswers() throws Exception {
        KubernetesClientException refused = new KubernetesClientException("Operation failed", new ConnectException("Connection refused"));

        ApplyResult result = failing(20, refused).apply(mutation, interim::add);

        assertThat(interim).extracting(ApplyResult::outcome).containsExactly(Outcome.UNREACHABLE);
        assertThat(result.outcome()).isEqualTo(Outcome.PATCHED);
        assertThat(attempts.get()).isEqualTo(21);
        assertThat(sleeps).last().isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void throttlingIsRetriedUntilTheExpectationTimesOut() throws Exception {
        ApplyResult result = failing(1000, status(429)).apply(mutation, interim::add);

        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(result.detail()).contains("HTTP 429").contains("gave up");
        assertThat(clock.instant()).isAfterOrEqualTo(Instant.parse("2026-11-22T04:00:10Z"));
    }

    @Test
    void aForbiddenWriteFailsAtOnce() throws Exception {
        ApplyResult result = failing(1, status(403)).apply(mutation, interim::add);

        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(sleeps).isEmpty();
    }

    @Test
    void aClusterWithoutKubeconfigFails() throws Exception {
        Mutation elsewhere = new Mutation(1, "d/1", "member9", mutation.issuedAt(), null, null, mutation.type(), mutation.target(),
                mutation.body());

        ApplyResult result = failing(0, status(409)).apply(elsewhere, interim::add);

        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(result.detail()).startsWith("no kubeconfig for cluster member9");
        assertThat(attempts.get()).isZero();
    }

    @Test
    void backoffHasJitterWithinTheUpperHalfAndACap() {
        Backoff low = new Backoff(Duration.ofMillis(100), Duration.ofSeconds(1), () -> 0.0);
        Backoff high = new Backoff(Duration.ofMillis(100), Duration.ofSeconds(1), () -> 0.999);

        assertThat(low.delay(1)).isEqualTo(Duration.ofMillis(50));
        assertThat(high.delay(1)).isEqualTo(Duration.ofMillis(99));
        assertThat(low.delay(3)).isEqualTo(Duration.ofMillis(200));
        assertThat(high.delay(40)).isLessThanOrEqualTo(Duration.ofSeconds(1)).isGreaterThanOrEqualTo(Duration.ofMillis(500));
    }
}
