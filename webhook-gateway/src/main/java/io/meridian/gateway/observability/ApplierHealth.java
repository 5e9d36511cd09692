package io.meridian.gateway.observability;

import io.meridian.gateway.applier.Expectations;
import io.meridian.gateway.applier.MutationApplier;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/** {@code mutationApplier} in /actuator/health: down when its consumer thread has stopped; in-flight writes as details. */
public final class ApplierHealth implements HealthIndicator {
    private final MutationApplier applier;
    private final Expectations expectations;

    public ApplierHealth(MutationApplier applier, Expectations expectations) {
        this.applier = applier;
        this.expectations = expectations;
    }

    @Override
    public Health health() {
        Health.Builder builder = applier.isRunning() ? Health.up() : Health.down();
        return builder.withDetail("inFlight", expectations.inFlight())
                .withDetail("oldestInFlightSeconds", expectations.oldestAge().toSeconds()).build();
    }
}
