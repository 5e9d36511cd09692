package io.meridian.gateway.applier;

import io.meridian.schemas.Mutation;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Per mutation type, how long mutations waited for a lane ({@link MutationApplier#WAIT_TIMER}) and took to reach their
 * final result ({@link MutationApplier#APPLY_TIMER}). Each timer is registered once, when its type first comes, not
 * looked up in the registry for every mutation.
 */
final class ApplyTimers {
    private final MeterRegistry metrics;
    private final Map<Mutation.Type, Timer> waits = new ConcurrentHashMap<>();
    private final Map<Mutation.Type, Timer> applies = new ConcurrentHashMap<>();

    ApplyTimers(MeterRegistry metrics) {
        this.metrics = metrics;
    }

    /** From the record's timestamp (its publication) to {@code startedMillis}; a record without one is not timed. */
    void waited(Mutation.Type type, long publishedMillis, long startedMillis) {
        if (publishedMillis != ConsumerRecord.NO_TIMESTAMP) {
            waits.computeIfAbsent(type, t -> timer(MutationApplier.WAIT_TIMER,
                            "Time from a mutation's publication until a lane starts applying it", t))
                    .record(Duration.ofMillis(Math.max(0, startedMillis - publishedMillis)));
        }
    }

    void applied(Mutation.Type type, long startedMillis, long endedMillis) {
        applies.computeIfAbsent(type, t -> timer(MutationApplier.APPLY_TIMER,
                        "Time a lane took to reach a mutation's final result, retries included", t))
                .record(Duration.ofMillis(Math.max(0, endedMillis - startedMillis)));
    }

    private Timer timer(String name, String description, Mutation.Type type) {
        return Timer.builder(name).description(description).tag("type", type.wire()).register(metrics);
    }
}
