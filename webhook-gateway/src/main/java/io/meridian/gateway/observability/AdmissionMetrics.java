package io.meridian.gateway.observability;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The gateway's admission metrics. {@code meridian_admission_duration_seconds} uses the buckets of the
 * apiserver's {@code apiserver_admission_webhook_admission_duration_seconds}, so both sides of a webhook
 * call can be compared bucket by bucket.
 */
public final class AdmissionMetrics {
    /** The apiserver's webhook latency buckets (seconds): 5 ms to 25 s. */
    public static final double[] APISERVER_WEBHOOK_BUCKETS = {0.005, 0.025, 0.1, 0.5, 1, 2.5, 10, 25};

    private final MeterRegistry registry;
    /** Registered once per tag set: building and registering a timer per review was a measurable part of each. */
    private final Map<LatencyKey, Timer> latencies = new ConcurrentHashMap<>();

    private record LatencyKey(String webhook, String operation, boolean rejected) {
    }

    public AdmissionMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /** One answered review: its webhook path, operation and whether it was rejected. */
    public void recordLatency(String webhook, String operation, boolean rejected, Duration elapsed) {
        latencies.computeIfAbsent(new LatencyKey(webhook, operation, rejected), this::latencyTimer).record(elapsed);
    }

    private Timer latencyTimer(LatencyKey key) {
        return Timer.builder("meridian.admission.duration")
                .description("Admission webhook latency in seconds, by webhook, operation and rejection")
                .tags("webhook", key.webhook(), "operation", key.operation(), "rejected", Boolean.toString(key.rejected()))
                .serviceLevelObjectives(buckets())
                .register(registry);
    }

    /** A review admitted without a decision because the command-service did not answer usably. */
    public void failedOpen(String webhook, String cause) {
        Counter.builder("meridian.admission.fail.open")
                .description("Admission reviews admitted unchanged because the command-service gave no usable answer")
                .tags("webhook", webhook, "cause", cause)
                .register(registry)
                .increment();
    }

    /** A body answered with HTTP 400. */
    public void badRequest(String webhook) {
        Counter.builder("meridian.admission.bad.requests")
                .description("Admission bodies answered with HTTP 400")
                .tags("webhook", webhook)
                .register(registry)
                .increment();
    }

    private static Duration[] buckets() {
        Duration[] buckets = new Duration[APISERVER_WEBHOOK_BUCKETS.length];
        for (int i = 0; i < buckets.length; i++) {
            buckets[i] = Duration.ofNanos(Math.round(APISERVER_WEBHOOK_BUCKETS[i] * 1e9));
        }
        return buckets;
    }
}
