package io.meridian.agent;

import io.meridian.schemas.ClusterEvent;

/** Where cluster events go: Kafka in production, a list in tests. */
public interface EventSink extends AutoCloseable {
    void publish(ClusterEvent event);

    @Override
    default void close() {
    }
}
