package io.meridian.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class JitSettlingTest {
    private static final long SECOND = 1_000_000_000L;
    private final JitSettling settling = new JitSettling(Duration.ofSeconds(10), Duration.ofMillis(500));

    @Test
    void isNotSettledBeforeAWholeSpanOfSamples() {
        settling.settled(0, 1000);

        assertThat(settling.settled(5 * SECOND, 1000)).isFalse();
        assertThat(settling.lastDeltaMillis()).isEqualTo(-1);
    }

    @Test
    void isNotSettledWhileTheCompilerSpendsMoreThanTheBudgetInTheSpan() {
        for (int s = 0; s < 10; s++) {
            settling.settled(s * SECOND, 1000 + s * 100L);
        }

        assertThat(settling.settled(10 * SECOND, 2000)).isFalse();
        assertThat(settling.lastDeltaMillis()).isEqualTo(1000);
    }

    @Test
    void settlesOnceTheLastSpanStaysWithinTheBudget() {
        for (int s = 0; s <= 20; s++) {
            settling.settled(s * SECOND, s <= 10 ? s * 700L : 7000 + (s - 10) * 40L);
        }

        assertThat(settling.settled(21 * SECOND, 7000 + 11 * 40L)).isTrue();
        assertThat(settling.lastDeltaMillis()).isEqualTo(400);
    }
}
