package io.meridian.core.karmada.rebalancer;

import static io.meridian.core.karmada.rebalancer.Fixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class FailbackTimerTest {
    private static final Instant HEALTHY_SINCE = NOW.minusSeconds(100);

    @Test
    void withoutStabilizationSecondsFailbackIsOff() {
        assertThat(FailbackTimer.evaluate(HEALTHY_SINCE, null, null, NOW)).isEqualTo(new FailbackDecision.Off());
    }

    @Test
    void unhealthyClusterTriggersNothing() {
        assertThat(FailbackTimer.evaluate(null, 60, null, NOW)).isEqualTo(new FailbackDecision.NotHealthy());
    }

    @Test
    void notYetStableSaysWhenToCheckAgain() {
        assertThat(FailbackTimer.evaluate(HEALTHY_SINCE, 300, null, NOW))
                .isEqualTo(new FailbackDecision.Wait(HEALTHY_SINCE.plusSeconds(300)));
    }

    @Test
    void stableLongEnoughIsDueWithATriggerAtNow() {
        assertThat(FailbackTimer.evaluate(HEALTHY_SINCE, 60, null, NOW)).isEqualTo(new FailbackDecision.Due(NOW));
    }

    @Test
    void exactlyAtTheStabilizationBoundaryIsDue() {
        assertThat(FailbackTimer.evaluate(HEALTHY_SINCE, 100, null, NOW)).isInstanceOf(FailbackDecision.Due.class);
    }

    @Test
    void oneHealthyPeriodTriggersOnlyOnce() {
        Instant triggeredEarlierInThisPeriod = HEALTHY_SINCE.plusSeconds(70);
        assertThat(FailbackTimer.evaluate(HEALTHY_SINCE, 60, triggeredEarlierInThisPeriod, NOW))
                .isEqualTo(new FailbackDecision.AlreadyTriggered());
    }

    @Test
    void olderTriggerDoesNotCountForANewHealthyPeriod() {
        assertThat(FailbackTimer.evaluate(HEALTHY_SINCE, 60, HEALTHY_SINCE.minusSeconds(1), NOW))
                .isInstanceOf(FailbackDecision.Due.class);
    }
}
