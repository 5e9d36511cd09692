package io.meridian.command.cluster;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * {@code /actuator/health} component {@code clusterEvents}: DOWN while the cluster state is still being
 * rebuilt at start (admissions would route on partial state) and when the consumer thread has stopped.
 */
@Component("clusterEvents")
public class ClusterEventsHealth implements HealthIndicator {
    private final ClusterEventConsumer consumer;

    public ClusterEventsHealth(ClusterEventConsumer consumer) {
        this.consumer = consumer;
    }

    @Override
    public Health health() {
        if (!consumer.isConsuming()) {
            return Health.down().withDetail("reason", "the cluster events consumer has stopped").build();
        }
        if (!consumer.isCaughtUp()) {
            return Health.down().withDetail("reason", "catching up with meridian.cluster-events").build();
        }
        return Health.up().build();
    }
}
