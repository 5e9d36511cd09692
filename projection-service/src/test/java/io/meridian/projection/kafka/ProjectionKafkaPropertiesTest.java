package io.meridian.projection.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProjectionKafkaPropertiesTest {
    @Test
    void aFetchWaitsUpTo100MillisecondsForMoreEventsUnlessToldOtherwise() {
        ProjectionKafkaProperties properties = new ProjectionKafkaProperties("kafka:9092", null, null);

        assertThat(properties.fetchWait()).isEqualTo(Duration.ofMillis(100));
        assertThat(properties.fetchMinBytes()).isEqualTo(ProjectionKafkaProperties.FETCH_BYTES);
    }

    @Test
    void noFetchWaitAnswersAFetchAsSoonAsOneEventIsThere() {
        assertThat(new ProjectionKafkaProperties("kafka:9092", null, Duration.ZERO).fetchMinBytes()).isEqualTo(1);
    }

    @Test
    void aNegativeFetchWaitIsRefusedNamingTheProperty() {
        assertThatThrownBy(() -> new ProjectionKafkaProperties("kafka:9092", null, Duration.ofMillis(-1)))
                .hasMessageContaining("meridian.kafka.fetch-wait must not be negative");
    }
}
