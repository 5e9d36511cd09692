package io.meridian.core.karmada.rebalancer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReconcileBackoffTest {
    @Test
    void firstFailureWaitsTheBaseDelay() {
        assertThat(ReconcileBackoff.delay(1)).isEqualTo(Duration.ofMillis(5));
    }

    @Test
    void eachFurtherFailureDoublesTheDelay() {
        assertThat(ReconcileBackoff.delay(4)).isEqualTo(Duration.ofMillis(40));
    }

    @Test
    void delayIsCappedAtThousandSeconds() {
        assertThat(ReconcileBackoff.delay(25)).isEqualTo(Duration.ofSeconds(1000));
        assertThat(ReconcileBackoff.delay(Integer.MAX_VALUE)).isEqualTo(Duration.ofSeconds(1000));
    }
}
