package io.meridian.bench.federation;

import io.meridian.gateway.applier.MutationApplier;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The gateway's own timers for one mutation type, read twice: how long the mutations written in between waited for a
 * lane (from their publication) and how long applying them took, on average.
 */
final class GatewayTimes {
    private final MeterRegistry registry;
    private final String type;
    private final Reading waited;
    private final Reading applied;

    private record Reading(long count, double totalMillis) {
        static Reading of(MeterRegistry registry, String timer, String type) {
            Timer found = registry.find(timer).tag("type", type).timer();
            return found == null ? new Reading(0, 0) : new Reading(found.count(), found.totalTime(TimeUnit.MILLISECONDS));
        }

        String meanSince(Reading before) {
            long grown = count - before.count;
            return grown == 0 ? "none" : String.format(Locale.ROOT, "%.0f ms", (totalMillis - before.totalMillis) / grown);
        }
    }

    private GatewayTimes(MeterRegistry registry, String type) {
        this.registry = registry;
        this.type = type;
        this.waited = Reading.of(registry, MutationApplier.WAIT_TIMER, type);
        this.applied = Reading.of(registry, MutationApplier.APPLY_TIMER, type);
    }

    /** {@code type} as mutations name it on the wire ({@code Scale}, {@code ApplyObject}, ...). */
    static GatewayTimes start(MeterRegistry gatewayRegistry, String type) {
        return new GatewayTimes(gatewayRegistry, type);
    }

    String since() {
        Reading waitedNow = Reading.of(registry, MutationApplier.WAIT_TIMER, type);
        Reading appliedNow = Reading.of(registry, MutationApplier.APPLY_TIMER, type);
        return String.format(Locale.ROOT, "gateway, %d %s mutations: waited for a lane %s on average (from publication), "
                        + "applying took %s on average", waitedNow.count - waited.count, type, waitedNow.meanSince(waited),
                appliedNow.meanSince(applied));
    }
}
