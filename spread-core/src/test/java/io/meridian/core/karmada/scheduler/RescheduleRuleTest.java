package io.meridian.core.karmada.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class RescheduleRuleTest {
    private static final Instant EARLIER = Instant.parse("2026-01-01T10:00:00Z");
    private static final Instant LATER = Instant.parse("2026-01-01T11:00:00Z");

    @Test
    void noTriggerMeansNoReschedule() {
        assertThat(RescheduleRule.required(null, LATER)).isFalse();
    }

    @Test
    void triggerHasNoEffectBeforeTheFirstSuccessfulSchedule() {
        assertThat(RescheduleRule.required(LATER, null)).isFalse();
    }

    @Test
    void triggerAfterLastScheduleRequiresReschedule() {
        assertThat(RescheduleRule.required(LATER, EARLIER)).isTrue();
    }

    @Test
    void triggerEqualToLastScheduleIsAlreadyServed() {
        assertThat(RescheduleRule.required(LATER, LATER)).isFalse();
    }

    @Test
    void triggerBeforeLastScheduleIsAlreadyServed() {
        assertThat(RescheduleRule.required(EARLIER, LATER)).isFalse();
    }

    @Test
    void pendingTriggerSelectsFreshAssignmentElseSteady() {
        assertThat(AssignmentMode.at(LATER, EARLIER)).isEqualTo(AssignmentMode.Fresh);
        assertThat(AssignmentMode.at(EARLIER, LATER)).isEqualTo(AssignmentMode.Steady);
        assertThat(AssignmentMode.at(LATER, null)).isEqualTo(AssignmentMode.Steady);
    }
}
