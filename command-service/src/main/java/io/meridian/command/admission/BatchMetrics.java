package io.meridian.command.admission;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;

/**
 * Where an admission batch's time goes: waiting for the cluster events (the read barrier), then deciding
 * and committing the {@code AdmitPods} command; and how many pods a batch carries.
 */
public interface BatchMetrics {
    BatchMetrics NONE = (pods, barrierNanos, commandNanos) -> { };

    void batch(int pods, long barrierNanos, long commandNanos);

    /** As Micrometer meters {@code meridian.admission.batch.barrier}, {@code .command} and {@code .size}. */
    static BatchMetrics of(MeterRegistry meters) {
        Timer barrier = Timer.builder("meridian.admission.batch.barrier")
                .description("an admission batch's wait for the cluster events published before it").register(meters);
        Timer command = Timer.builder("meridian.admission.batch.command")
                .description("an admission batch's decisions and their commit to the event store").register(meters);
        DistributionSummary size = DistributionSummary.builder("meridian.admission.batch.size")
                .description("pod CREATEs decided and committed together").register(meters);
        return (pods, barrierNanos, commandNanos) -> {
            barrier.record(barrierNanos, TimeUnit.NANOSECONDS);
            command.record(commandNanos, TimeUnit.NANOSECONDS);
            size.record(pods);
        };
    }
}
