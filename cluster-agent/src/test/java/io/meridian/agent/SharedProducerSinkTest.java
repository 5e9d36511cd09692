package io.meridian.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.schemas.ClusterEvent;
import io.meridian.schemas.Topics;
import java.time.Clock;
import java.time.Instant;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

class SharedProducerSinkTest {
    private final MockProducer<String, String> producer =
            new MockProducer<>(true, null, new StringSerializer(), new StringSerializer());
    private final KafkaEventSink east = KafkaEventSink.sharing(producer, Clock.systemUTC());
    private final KafkaEventSink west = KafkaEventSink.sharing(producer, Clock.systemUTC());

    @Test
    void sinksSharingAProducerPublishTheirEventsThroughIt() {
        east.publish(heartbeat("east"));
        west.publish(heartbeat("west"));

        assertThat(producer.history()).extracting(r -> r.topic() + " " + r.key())
                .containsExactly(Topics.CLUSTER_EVENTS + " east///", Topics.CLUSTER_EVENTS + " west///");
    }

    @Test
    void aSharingSinkCountsOnlyItsOwnDeliveries() {
        east.publish(heartbeat("east"));
        east.publish(heartbeat("east"));
        west.publish(heartbeat("west"));

        assertThat(east.deliveries().acknowledgedCount(ClusterEvent.Type.HEARTBEAT)).isEqualTo(2);
        assertThat(west.deliveries().acknowledgedCount(ClusterEvent.Type.HEARTBEAT)).isEqualTo(1);
    }

    @Test
    void closingASharingSinkLeavesTheProducerOpenForTheOthers() {
        east.close();
        west.publish(heartbeat("west"));

        assertThat(producer.closed()).isFalse();
        assertThat(east.deliveries().isClosed()).isTrue();
        assertThat(west.deliveries().acknowledgedCount(ClusterEvent.Type.HEARTBEAT)).isEqualTo(1);
    }

    private static ClusterEvent heartbeat(String cluster) {
        return new ClusterEvent(ClusterEvent.SCHEMA_VERSION, cluster + "-1", cluster, Instant.parse("2026-11-24T09:00:00Z"),
                ClusterEvent.Type.HEARTBEAT, null, null);
    }
}
