package io.meridian.command.admission;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;

/**
 * Where admission time goes: each read barrier (the wait for the cluster events published before it, which
 * runs while the previous batch is decided and committed), then each batch's decisions and commit of its
 * {@code AdmitPods} command; and how many pods a batch carries.
 */
public interface BatchMetrics {
    BatchMetrics NONE = new BatchMetrics() {
        @Override
        public void barrier(long nanos) {
        }

        @Override
        public void batch(int pods, long commandNanos) {
        }
    };

    void barrier(long nanos);

    void batch(int pods, long commandNanos);

    /** As Micrometer meters {@code meridian.admission.batch.barrier}, {@code .command} and {@code .size}. */
    static BatchMetrics of(MeterRegistry meters) {
        Timer barrier = Timer.builder("meridian.admission.batch.barrier")
                .description("one read barrier: the wait for the cluster events published before the pods it covers")
                .register(meters);
        Timer command = Timer.builder("meridian.admission.batch.command")
                .description("an admission batch's decisions and their commit to the event store").register(meters);
        DistributionSummary size = DistributionSummary.builder("meridian.admission.batch.size")
                .description("pod CREATEs decided and committed together").register(meters);
        return new BatchMetrics() {
            @Override
            public void barrier(long nanos) {
                barrier.record(nanos, TimeUnit.NANOSECONDS);
            }

            @Override
            public void batch(int pods, long commandNanos) {
                command.record(commandNanos, TimeUnit.NANOSECONDS);
                size.record(pods);
            }
        };
    }
}
