package io.meridian.core.ws.controller;

import static io.meridian.core.ws.controller.Fixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Condition;
import io.meridian.core.k8s.KubeTimes;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SchedulableConditionsTest {
    private static final String EARLIER = KubeTimes.format(NOW.minusSeconds(60));

    private static Condition old(String status, String reason) {
        Condition c = new Condition();
        c.setType(SchedulableConditions.TYPE);
        c.setStatus(status);
        c.setReason(reason);
        c.setMessage("kept");
        c.setLastTransitionTime(EARLIER);
        return c;
    }

    @Test
    void sameStatusAndReasonLeaveTheConditionUntouched() {
        Condition before = old("False", "PodUnschedulable");
        assertThat(SchedulableConditions.set(Optional.of(before), "False", "PodUnschedulable", NOW)).isSameAs(before);
    }

    @Test
    void sameStatusWithNewReasonKeepsTheTransitionTime() {
        Condition after = SchedulableConditions.set(Optional.of(old("True", "Unknown")), "True", "Sufficient", NOW);
        assertThat(after.getReason()).isEqualTo("Sufficient");
        assertThat(after.getLastTransitionTime()).isEqualTo(EARLIER);
    }

    @Test
    void newStatusMovesTheTransitionTimeToNow() {
        Condition after = SchedulableConditions.set(Optional.of(old("True", "Sufficient")), "False", "PodUnschedulable", NOW);
        assertThat(after.getStatus()).isEqualTo("False");
        assertThat(after.getLastTransitionTime()).isEqualTo(KubeTimes.format(NOW));
    }

    @Test
    void emptyReasonIsStoredAsUnknown() {
        assertThat(SchedulableConditions.set(Optional.empty(), "True", "", NOW).getReason()).isEqualTo("Unknown");
    }

    @Test
    void firstConditionIsCreatedAtNow() {
        Condition created = SchedulableConditions.set(Optional.empty(), "True", "Sufficient", NOW);
        assertThat(created.getType()).isEqualTo("Schedulable");
        assertThat(created.getLastTransitionTime()).isEqualTo(KubeTimes.format(NOW));
    }
}
