package io.meridian.projection.kafka;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** Where the projection reads from: {@code meridian.kafka.*}. */
@ConfigurationProperties("meridian.kafka")
public record ProjectionKafkaProperties(String bootstrapServers, String consumerName) {
    public ProjectionKafkaProperties {
        consumerName = consumerName == null || consumerName.isBlank() ? "projection-service" : consumerName;
    }
}
