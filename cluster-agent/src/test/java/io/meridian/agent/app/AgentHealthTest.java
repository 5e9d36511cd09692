package io.meridian.agent.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.agent.Deliveries;
import io.meridian.agent.DeliveriesFixture;
import io.meridian.schemas.ClusterEvent;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class AgentHealthTest {
    private static final Instant T0 = Instant.parse("2026-11-22T06:00:00Z");
    private static final Duration WINDOW = Duration.ofSeconds(30);

    @Test
    void nothingAcknowledgedYetIsAProblem() {
        Deliveries deliveries = DeliveriesFixture.at(T0);

        assertThat(AgentHealth.deliveryProblem(deliveries, T0, WINDOW)).contains("acknowledged no event yet");
    }

    @Test
    void aRecentAcknowledgementIsHealthy() {
        Deliveries deliveries = DeliveriesFixture.acknowledgedAt(T0);

        assertThat(AgentHealth.deliveryProblem(deliveries, T0.plusSeconds(10), WINDOW)).isNull();
    }

    @Test
    void anAcknowledgementOlderThanTheWindowIsAProblem() {
        Deliveries deliveries = DeliveriesFixture.acknowledgedAt(T0);

        assertThat(AgentHealth.deliveryProblem(deliveries, T0.plusSeconds(31), WINDOW)).contains("acknowledged nothing since");
    }

    @Test
    void aFailureAfterTheLastAcknowledgementIsAProblemNamingTheError() {
        Deliveries deliveries = DeliveriesFixture.acknowledgedThenFailed(T0, T0.plusSeconds(1),
                new org.apache.kafka.common.errors.TimeoutException("broker gone"));

        assertThat(AgentHealth.deliveryProblem(deliveries, T0.plusSeconds(2), WINDOW))
                .contains("failed").contains("broker gone");
        assertThat(deliveries.failedCount(ClusterEvent.Type.HEARTBEAT)).isEqualTo(1);
    }
}
