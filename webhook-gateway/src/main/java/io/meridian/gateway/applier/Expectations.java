package io.meridian.gateway.applier;

import io.meridian.schemas.Mutation;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The writes in flight, one per target object, each with the deadline by which it must have converged.
 * A mutation that keeps meeting conflicts or throttling past its deadline is given up (the command-service
 * sees the result and re-decides); an unreachable cluster has no deadline: the write waits for it.
 */
public final class Expectations {
    private final Clock clock;
    private final Duration timeout;
    private final Map<String, Expectation> inFlight = new ConcurrentHashMap<>();

    public record Expectation(String key, String mutationId, Instant since, Instant deadline) {
    }

    public Expectations(Clock clock, Duration timeout) {
        this.clock = clock;
        this.timeout = timeout;
    }

    /** Records that {@code mutation} is being written. */
    public Expectation expect(Mutation mutation) {
        Instant now = clock.instant();
        Expectation expectation = new Expectation(key(mutation), mutation.mutationId(), now, now.plus(timeout));
        inFlight.put(expectation.key(), expectation);
        return expectation;
    }

    /** The write converged, failed or was given up. */
    public void observed(Expectation expectation) {
        inFlight.remove(expectation.key(), expectation);
    }

    public boolean expired(Expectation expectation) {
        return !clock.instant().isBefore(expectation.deadline());
    }

    public int inFlight() {
        return inFlight.size();
    }

    /** How long the oldest write in flight has been waiting. */
    public Duration oldestAge() {
        Instant now = clock.instant();
        Optional<Instant> oldest = inFlight.values().stream().map(Expectation::since).min(Instant::compareTo);
        return oldest.map(since -> Duration.between(since, now)).orElse(Duration.ZERO);
    }

    static String key(Mutation mutation) {
        return mutation.cluster() + "/" + mutation.target().kind() + "/" + mutation.target().namespace() + "/"
                + mutation.target().name();
    }
}
