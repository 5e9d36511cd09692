package io.meridian.core.karmada.scheduler;

import io.meridian.core.karmada.model.Placement;
import io.meridian.core.karmada.model.ReplicaScheduling;
import io.meridian.core.karmada.model.TargetCluster;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

class ScheduleCheckInputTest {
    private static final Instant T1 = Instant.parse("2026-01-01T10:00:00Z");
    private static final Instant T2 = Instant.parse("2026-01-01T11:00:00Z");
    private static final BindingKey KEY = new BindingKey(BindingKind.ResourceBinding, "ns", "app-deployment");
    private static final Placement DIVIDED =
            new Placement(null, List.of(), List.of(), new ReplicaScheduling("Divided", "Weighted", null));

    private static BindingState binding(int replicas, List<TargetCluster> clusters, Placement placement,
                                        Instant triggeredAt, Instant lastScheduled) {
        return new BindingState(KEY, "uid", replicas, 0, clusters, placement, triggeredAt, lastScheduled, "");
    }

    private static BindingState steadyDivided() {
        return binding(4, List.of(new TargetCluster("a", 4)), DIVIDED, T1, T2);
    }

    @Test
    void placementChangeIsCheckedFirst() {
        BindingState scaled = binding(6, List.of(new TargetCluster("a", 4)), DIVIDED, T2, T1);
        assertThat(new ScheduleCheckInput(scaled, true, true, false, false).firstTrigger())
                .isEqualTo(ScheduleTrigger.PlacementChanged);
    }

    @Test
    void replicaChangeComesBeforeARequiredReschedule() {
        BindingState scaled = binding(6, List.of(new TargetCluster("a", 4)), DIVIDED, T2, T1);
        assertThat(new ScheduleCheckInput(scaled, false, true, false, false).firstTrigger())
                .isEqualTo(ScheduleTrigger.ReplicasChanged);
    }

    @Test
    void pendingTriggerCausesAReschedule() {
        BindingState triggered = binding(4, List.of(new TargetCluster("a", 4)), DIVIDED, T2, T1);
        assertThat(new ScheduleCheckInput(triggered, false, true, false, false).firstTrigger())
                .isEqualTo(ScheduleTrigger.RescheduleRequired);
    }

    @Test
    void duplicatedAndNonWorkloadsAreAlwaysRescheduled() {
        BindingState duplicated = binding(4, List.of(new TargetCluster("a", 4)), Placement.NONE, T1, T2);
        assertThat(new ScheduleCheckInput(duplicated, false, true, false, false).firstTrigger())
                .isEqualTo(ScheduleTrigger.AlwaysRescheduled);
        assertThat(new ScheduleCheckInput(steadyDivided(), false, false, false, false).firstTrigger())
                .isEqualTo(ScheduleTrigger.AlwaysRescheduled);
    }

    @Test
    void deletingTargetClusterCausesASchedule() {
        assertThat(new ScheduleCheckInput(steadyDivided(), false, true, true, false).firstTrigger())
                .isEqualTo(ScheduleTrigger.TargetClusterDeleting);
    }

    @Test
    void steadyBindingOnlySynchronisesItsGeneration() {
        ScheduleTrigger trigger = new ScheduleCheckInput(steadyDivided(), false, true, false, false).firstTrigger();
        assertThat(trigger).isEqualTo(ScheduleTrigger.None);
        assertThat(trigger.schedules()).isFalse();
    }

    @Test
    void placementChangeWithAPendingTriggerAssignsInFreshMode() {
        BindingState triggered = binding(4, List.of(new TargetCluster("a", 4)), DIVIDED, T2, T1);
        ScheduleCheckInput check = new ScheduleCheckInput(triggered, true, true, false, false);
        assertThat(check.firstTrigger()).isEqualTo(ScheduleTrigger.PlacementChanged);
        assertThat(check.assignmentMode()).isEqualTo(AssignmentMode.Fresh);
    }
}
