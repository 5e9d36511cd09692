package io.meridian.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class JitClockTest {

    @Test
    void theWindowIsOpenOnceTheRuntimeSaysSo() throws Exception {
        JitClock clock = new JitClock();

        clock.readLines(stdin("jit-ms 120\nwindow-open\n"));

        assertThat(clock.awaitWindowOpen(Duration.ZERO)).isTrue();
        assertThat(clock.millis()).isEqualTo(120);
    }

    @Test
    void theWindowIsNotOpenWithoutTheRuntimesWord() throws Exception {
        JitClock clock = new JitClock();

        clock.readLines(stdin("jit-ms 120\njit-ms 130\n"));

        assertThat(clock.awaitWindowOpen(Duration.ofMillis(10))).isFalse();
        assertThat(clock.millis()).isEqualTo(130);
    }

    private static ByteArrayInputStream stdin(String lines) {
        return new ByteArrayInputStream(lines.getBytes(StandardCharsets.UTF_8));
    }
}
