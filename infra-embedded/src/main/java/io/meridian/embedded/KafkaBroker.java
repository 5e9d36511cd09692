package io.meridian.embedded;

/** A Kafka broker the tests talk to: in this process or in a container. */
public interface KafkaBroker extends AutoCloseable {
    String bootstrapServers();

    @Override
    void close();
}
