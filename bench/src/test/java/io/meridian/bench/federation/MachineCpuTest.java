package io.meridian.bench.federation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MachineCpuTest {
    @Test
    void busyTimeIsEverythingButIdleIoWaitAndSteal() {
        MachineCpu cpu = MachineCpu.parse("cpu  100 5 50 800 7 3 2 20 0 0");

        assertThat(cpu).isEqualTo(new MachineCpu(160, 807, 20));
    }

    @Test
    void aWindowSaysHowBusyTheCoresWereAndWhatTheHostTook() {
        MachineCpu before = new MachineCpu(1_000, 500, 10);
        MachineCpu after = new MachineCpu(1_300, 550, 60);

        assertThat(after.since(before)).isEqualTo(
                "machine CPU (/proc/stat, every core): busy 3.0 s, idle 0.5 s, stolen by the host 0.5 s (75.0 % busy)");
    }
}
