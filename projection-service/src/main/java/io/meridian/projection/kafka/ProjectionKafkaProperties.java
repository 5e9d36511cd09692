package io.meridian.projection.kafka;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where the projection reads from: {@code meridian.kafka.*}. {@code fetchWait} is how long the broker may hold a fetch
 * to gather more events (until {@link #FETCH_BYTES} are there): a larger poll is projected in one transaction, so under
 * load the projection commits a few times a second instead of once per handful of events. Zero answers every fetch as
 * soon as one event is there.
 */
@ConfigurationProperties("meridian.kafka")
public record ProjectionKafkaProperties(String bootstrapServers, String consumerName, Duration fetchWait) {
    static final int FETCH_BYTES = 256 * 1024;

    public ProjectionKafkaProperties {
        consumerName = consumerName == null || consumerName.isBlank() ? "projection-service" : consumerName;
        fetchWait = fetchWait == null ? Duration.ofMillis(100) : fetchWait;
        if (fetchWait.isNegative()) {
            throw new IllegalArgumentException("meridian.kafka.fetch-wait must not be negative, got " + fetchWait);
        }
    }

    int fetchMinBytes() {
        return fetchWait.isZero() ? 1 : FETCH_BYTES;
    }
}
