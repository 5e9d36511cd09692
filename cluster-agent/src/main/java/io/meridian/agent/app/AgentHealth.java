package io.meridian.agent.app;

import io.meridian.agent.ClusterAgent;
import io.meridian.agent.Deliveries;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * The agent's two health questions. {@code agentReadiness} (in the readiness group): every served kind has
 * been listed and Kafka acknowledged an event recently. {@code agentLiveness} (in the liveness group): no
 * watch has stopped for good and Kafka has not refused or ignored everything for a long time; a restart is
 * the cure for neither a slow list nor a short broker outage, so liveness is the more patient of the two.
 */
final class AgentHealth {
    private AgentHealth() {
    }

    @Component("agentReadiness")
    static final class Readiness implements HealthIndicator {
        private final ClusterAgent agent;
        private final Deliveries deliveries;
        private final Clock clock;
        private final Duration staleAfter;

        Readiness(ClusterAgent agent, io.meridian.agent.KafkaEventSink sink, Clock clock, AgentProperties properties) {
            this.agent = agent;
            this.deliveries = sink.deliveries();
            this.clock = clock;
            this.staleAfter = properties.deliveryStaleAfter();
        }

        @Override
        public Health health() {
            List<String> unsynced = agent.unsyncedKinds();
            if (!unsynced.isEmpty()) {
                return Health.down().withDetail("reason", "informers not synced").withDetail("kinds", unsynced).build();
            }
            String delivery = deliveryProblem(deliveries, clock.instant(), staleAfter);
            if (delivery != null) {
                return Health.down().withDetail("reason", delivery).build();
            }
            return Health.up().withDetail("notServed", agent.notServedKinds()).build();
        }
    }

    @Component("agentLiveness")
    static final class Liveness implements HealthIndicator {
        private final ClusterAgent agent;
        private final Deliveries deliveries;
        private final Clock clock;
        private final Duration deadAfter;
        private final Instant startedAt;

        Liveness(ClusterAgent agent, io.meridian.agent.KafkaEventSink sink, Clock clock, AgentProperties properties) {
            this.agent = agent;
            this.deliveries = sink.deliveries();
            this.clock = clock;
            this.deadAfter = properties.deliveryDeadAfter();
            this.startedAt = clock.instant();
        }

        @Override
        public Health health() {
            if (deliveries.isClosed()) {
                return Health.down().withDetail("reason", "the Kafka producer is closed").build();
            }
            Instant now = clock.instant();
            if (now.isAfter(startedAt.plus(deadAfter))) {
                String delivery = deliveryProblem(deliveries, now, deadAfter);
                if (delivery != null) {
                    return Health.down().withDetail("reason", delivery).build();
                }
            }
            return Health.up().withDetail("resyncs", agent.resyncs()).build();
        }
    }

    /** Null when Kafka acknowledged an event within {@code window} and nothing failed since; else why not. */
    static String deliveryProblem(Deliveries deliveries, Instant now, Duration window) {
        Instant acked = deliveries.lastAcknowledgedAt().orElse(null);
        if (acked == null) {
            return "Kafka has acknowledged no event yet" + deliveries.lastError().map(e -> " (" + e + ")").orElse("");
        }
        Instant failedAt = deliveries.lastFailedAt().orElse(null);
        if (failedAt != null && failedAt.isAfter(acked)) {
            return "the last event sent to Kafka failed: " + deliveries.lastError().orElse("?");
        }
        if (acked.plus(window).isBefore(now)) {
            return "Kafka has acknowledged nothing since " + acked;
        }
        return null;
    }
}
