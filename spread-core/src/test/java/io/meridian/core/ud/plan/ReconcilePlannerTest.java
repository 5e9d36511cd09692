package io.meridian.core.ud.plan;

import static io.meridian.core.ud.plan.PlannerFixtures.NOW;
import static io.meridian.core.ud.plan.PlannerFixtures.REVISION;
import static io.meridian.core.ud.plan.PlannerFixtures.cloneSet;
import static io.meridian.core.ud.plan.PlannerFixtures.in;
import static io.meridian.core.ud.plan.PlannerFixtures.input;
import static io.meridian.core.ud.plan.PlannerFixtures.ud;
import static io.meridian.core.ud.plan.PlannerFixtures.workload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.meridian.core.ud.adaptive.PodSnapshot;
import io.meridian.core.ud.model.Subset;
import io.meridian.core.ud.model.Topology;
import io.meridian.core.ud.model.UdSubsetStatus;
import io.meridian.core.ud.model.UnitedDeployment;
import io.meridian.core.ud.model.UnitedDeploymentSpec;
import io.meridian.core.ud.model.UnitedDeploymentStatus;
import io.meridian.core.ud.model.WorkloadKind;
import io.meridian.core.ud.render.FakeStrategicMergePatch;
import io.meridian.core.ud.render.RenderedWorkload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReconcilePlannerTest {
    private final ReconcilePlanner planner = new ReconcilePlanner(new FakeStrategicMergePatch());

    @Test
    void deletingUdIsSkipped() {
        UnitedDeployment ud = ud(4);
        ud.metadata().setDeletionTimestamp("2024-06-01T11:00:00Z");
        assertThat(planner.plan(input(ud, List.of())).outcome()).isEqualTo(ReconcilePlan.Outcome.SKIPPED_DELETING);
    }

    @Test
    void unobservedStatusWriteWaitsOneSecond() {
        ReconcilePlan plan = planner.plan(new ReconcileInput(ud(4), REVISION, 0, List.of(), Map.of(), false, NOW));
        assertThat(plan.outcome()).isEqualTo(ReconcilePlan.Outcome.WAITING_FOR_STATUS);
        assertThat(plan.requeueAfter()).contains(Duration.ofSeconds(1));
    }

    @Test
    void missingSubsetsAreCreatedWithTheirAllocationInTheirCluster() {
        ReconcilePlan plan = planner.plan(input(ud(5), List.of()));
        assertThat(plan.creates()).extracting(RenderedWorkload::subsetName, RenderedWorkload::cluster)
                .containsExactly(tuple("a", "member-1"),
                        tuple("b", null));
        assertThat(plan.nextReplicas()).containsExactly(Map.entry("a", 2), Map.entry("b", 3));
        assertThat(plan.creates().get(1).manifest().at("/spec/replicas").asInt()).isEqualTo(3);
        assertThat(plan.status().orElseThrow().condition("SubsetProvisioned")).get().extracting(Condition::getStatus)
                .isEqualTo("True");
    }

    @Test
    void duplicatesUnknownSubsetsAndOtherKindsAreDeleted() {
        ReconcilePlan plan = planner.plan(input(ud(4), List.of(
                cloneSet("web-a-1", "a", 2, 2), cloneSet("web-a-2", "a", 2, 2), cloneSet("web-b-1", "b", 2, 2),
                cloneSet("web-c-1", "c", 1, 1), workload("web-a-dep", WorkloadKind.DEPLOYMENT, "a", 1, 1, REVISION))));
        assertThat(plan.deletions()).extracting(WorkloadDeletion::name, WorkloadDeletion::reason).containsExactly(
                tuple("web-a-2", WorkloadDeletion.Reason.DUPLICATE),
                tuple("web-c-1", WorkloadDeletion.Reason.UNKNOWN_SUBSET),
                tuple("web-a-dep", WorkloadDeletion.Reason.OTHER_KIND));
        assertThat(plan.creates()).isEmpty();
    }

    @Test
    void workloadInAnotherClusterThanItsSubsetNamesIsReplaced() {
        ReconcilePlan plan = planner.plan(input(ud(4), List.of(in(null, cloneSet("web-a-1", "a", 2, 2)),
                cloneSet("web-b-1", "b", 2, 2))));
        assertThat(plan.deletions()).extracting(WorkloadDeletion::name, WorkloadDeletion::reason)
                .containsExactly(tuple("web-a-1", WorkloadDeletion.Reason.MOVED_CLUSTER));
        assertThat(plan.creates()).extracting(RenderedWorkload::cluster).containsExactly("member-1");
    }

    @Test
    void workloadWithoutSubsetLabelIsIgnored() {
        ReconcilePlan plan = planner.plan(input(ud(4), List.of(cloneSet("stray", null, 1, 1))));
        assertThat(plan.deletions()).isEmpty();
        assertThat(plan.creates()).hasSize(2);
    }

    @Test
    void workloadWhoseReplicasDifferIsUpdatedByName() {
        ReconcilePlan plan = planner.plan(input(ud(6), List.of(cloneSet("web-a-1", "a", 2, 2), cloneSet("web-b-1", "b", 3, 3))));
        assertThat(plan.updates()).hasSize(1);
        RenderedWorkload update = plan.updates().get(0);
        assertThat(update.manifest().at("/metadata/name").asText()).isEqualTo("web-a-1");
        assertThat(update.manifest().at("/spec/replicas").asInt()).isEqualTo(3);
    }

    @Test
    void upToDateWorkloadsAreLeftAlone() {
        ReconcilePlan plan = planner.plan(input(ud(4), List.of(cloneSet("web-a-1", "a", 2, 2), cloneSet("web-b-1", "b", 2, 2))));
        assertThat(plan.updates()).isEmpty();
        assertThat(plan.status().orElseThrow().condition("SubsetUpdated")).isEmpty();
    }

    @Test
    void workloadOnAnOldRevisionIsUpdated() {
        ReconcilePlan plan = planner.plan(input(ud(4), List.of(
                workload("web-a-1", WorkloadKind.CLONE_SET, "a", 2, 2, "rev-1"), cloneSet("web-b-1", "b", 2, 2))));
        assertThat(plan.updates()).extracting(RenderedWorkload::subsetName).containsExactly("a");
    }

    @Test
    void aRolloutStepIsHeldInsteadOfTheAllocationEvenAboveTheReplicas() {
        ReconcileInput step = new ReconcileInput(ud(4), REVISION, 0,
                List.of(cloneSet("web-a-1", "a", 2, 2), cloneSet("web-b-1", "b", 2, 2)), Map.of(), true, NOW,
                Map.of("a", 4, "b", 2));

        ReconcilePlan plan = planner.plan(step);

        assertThat(plan.nextReplicas()).containsExactly(Map.entry("a", 4), Map.entry("b", 2));
        assertThat(plan.updates()).extracting(RenderedWorkload::subsetName).containsExactly("a");
    }

    @Test
    void aSubsetARolloutStepLeavesOutHoldsNothing() {
        ReconcileInput step = new ReconcileInput(ud(4), REVISION, 0,
                List.of(cloneSet("web-a-1", "a", 2, 2), cloneSet("web-b-1", "b", 2, 2)), Map.of(), true, NOW,
                Map.of("a", 4));

        assertThat(planner.plan(step).nextReplicas()).containsExactly(Map.entry("a", 4), Map.entry("b", 0));
    }

    @Test
    void partitionIsCappedAtTheNextReplicas() {
        UnitedDeployment ud = ud("apps.kruise.io/v1beta1", 4, "",
                ", \"updateStrategy\": {\"type\": \"Manual\", \"manualUpdate\": {\"partitions\": {\"a\": 5, \"b\": 1}}}");
        ReconcilePlan plan = planner.plan(input(ud, List.of()));
        assertThat(plan.partitions()).containsExactly(Map.entry("a", 2), Map.entry("b", 1));
        assertThat(plan.creates().get(0).manifest().at("/spec/updateStrategy/partition").asInt()).isEqualTo(2);
    }

    @Test
    void rejectedAllocationChangesNothingAndExplainsWhy() {
        UnitedDeployment ud = ud("apps.kruise.io/v1beta1", 4, "", "");
        UnitedDeployment invalid = ud.withSpec(new UnitedDeploymentSpec(4,
                ud.spec().selector(), ud.spec().template(), new Topology(List.of(
                        Subset.sized("a", new IntOrString(9),
                                null, null)), null), null, null));
        ReconcilePlan plan = planner.plan(input(invalid, List.of()));
        assertThat(plan.outcome()).isEqualTo(ReconcilePlan.Outcome.REJECTED);
        assertThat(plan.creates()).isEmpty();
        assertThat(plan.events()).singleElement().extracting(UdEvent::message).isEqualTo(
                "Specified subset replicas is ineffective: specified subsets' replica (9) is greater than "
                        + "UnitedDeployment replica (4)");
    }

    @Test
    void statusSumsTheSubsetWorkloads() {
        ReconcilePlan plan = planner.plan(input(ud(4), List.of(cloneSet("web-a-1", "a", 2, 1), cloneSet("web-b-1", "b", 2, 2))));
        assertThat(plan.status().orElseThrow().replicas()).isEqualTo(4);
        assertThat(plan.status().orElseThrow().readyReplicas()).isEqualTo(3);
        assertThat(plan.status().orElseThrow().observedGeneration()).isEqualTo(7);
        assertThat(plan.status().orElseThrow().labelSelector()).isEqualTo("app=web");
        assertThat(plan.status().orElseThrow().subsetStatuses()).extracting(UdSubsetStatus::name, UdSubsetStatus::replicas,
                UdSubsetStatus::readyReplicas).containsExactly(tuple("a", 2, 1),
                tuple("b", 2, 2));
    }

    @Test
    void currentRevisionStaysUntilEveryReplicaIsUpdatedAndReady() {
        ReconcilePlan plan = planner.plan(input(ud(4), List.of(cloneSet("web-a-1", "a", 2, 1), cloneSet("web-b-1", "b", 2, 2))));
        assertThat(plan.status().orElseThrow().currentRevision()).isNull();
        assertThat(plan.status().orElseThrow().condition("UnitedDeploymentUpdated")).get()
                .extracting(Condition::getReason, Condition::getMessage)
                .containsExactly("UnitedDeploymentRevisionUpdating", "updating to revision rev-2");
    }

    @Test
    void currentRevisionAdvancesOnceEveryReplicaIsUpdatedAndReady() {
        ReconcilePlan plan = planner.plan(input(ud(4), List.of(cloneSet("web-a-1", "a", 2, 2), cloneSet("web-b-1", "b", 2, 2))));
        assertThat(plan.status().orElseThrow().currentRevision()).isEqualTo(REVISION);
        assertThat(plan.status().orElseThrow().condition("UnitedDeploymentUpdated")).get().extracting(Condition::getReason)
                .isEqualTo("UnitedDeploymentRevisionUpdated");
    }

    @Test
    void v1alpha1UdGetsTheV1alpha1StatusShape() {
        ReconcilePlan plan = planner.plan(input(ud("apps.kruise.io/v1alpha1", 4, "", ""), List.of()));
        assertThat(plan.status().orElseThrow().subsetReplicas()).containsExactly(Map.entry("a", 2), Map.entry("b", 2));
        assertThat(plan.status().orElseThrow().updateStatus().updatedRevision()).isEqualTo(REVISION);
        assertThat(plan.status().orElseThrow().subsetStatuses()).extracting(UdSubsetStatus::name,
                UdSubsetStatus::replicas).containsExactly(tuple("a", null), tuple("b", null));
    }

    @Test
    void reservationAppendsTheReservedPodRequirementToTheLabelSelector() {
        ReconcilePlan plan = planner.plan(input(reserving(), List.of()));
        assertThat(plan.status().orElseThrow().labelSelector())
                .isEqualTo("app=web,apps.kruise.io/united-deployment-reserved-pod=false");
    }

    @Test
    void adaptiveCreationLooksAgainAfterTheCriticalTime() {
        ReconcilePlan plan = planner.plan(input(ud("apps.kruise.io/v1beta1", 4,
                ", \"scheduleStrategy\": {\"type\": \"Adaptive\", \"adaptive\": {\"rescheduleCriticalSeconds\": 20}}", ""),
                List.of()));
        assertThat(plan.requeueAfter()).contains(Duration.ofSeconds(20));
    }

    @Test
    void fixedStrategyDoesNotRequeue() {
        assertThat(planner.plan(input(ud(4), List.of())).requeueAfter()).isEmpty();
    }

    @Test
    void reservationLabelsTimedOutPendingPodsAndKeepsThemInPlace() {
        PodSnapshot stuck = new PodSnapshot("web-a-1-x", "Pending", NOW.minusSeconds(60), null, null,
                Map.of("apps.kruise.io/controller-revision-hash", REVISION),
                List.of(new PodSnapshot.Condition("PodScheduled", "False", "Unschedulable", null)));
        ReconcilePlan plan = planner.plan(input(reserving(),
                List.of(cloneSet("web-a-1", "a", 2, 1), cloneSet("web-b-1", "b", 2, 2)), Map.of("a", List.of(stuck))));
        assertThat(plan.podLabels()).containsExactly(new PodLabelChange("a", "web-a-1-x", "true"));
        assertThat(plan.status().orElseThrow().reservedPods()).isEqualTo(1);
        assertThat(plan.status().orElseThrow().replicas()).isEqualTo(3);
        assertThat(plan.nextReplicas()).containsExactly(Map.entry("a", 2), Map.entry("b", 3));
    }

    @Test
    void subsetAddedLaterToReservingUdStartsUnschedulable() {
        UnitedDeployment ud = withSubsetACappedAt(reserving(), 2);
        ud = ud.withStatus(new UnitedDeploymentStatus(null, null, null, null, null, null,
                null, null, null, List.of(UdSubsetStatus.named("a")), null, null, null, null));
        ReconcilePlan plan = planner.plan(input(ud, List.of(cloneSet("web-a-1", "a", 2, 2))));
        UdSubsetStatus b = plan.status().orElseThrow().subsetStatus("b").orElseThrow();
        assertThat(b.schedulable()).get().extracting(Condition::getStatus, Condition::getMessage)
                .containsExactly("False", "subset just recovered scaled up");
    }

    private static UnitedDeployment withSubsetACappedAt(UnitedDeployment ud, int max) {
        var spec = ud.spec();
        var subsets = new ArrayList<>(spec.topology().subsets());
        var a = subsets.get(0);
        subsets.set(0, new Subset(a.name(), a.cluster(), null, null, null, null,
                new IntOrString(max), null));
        return ud.withSpec(new UnitedDeploymentSpec(spec.replicas(), spec.selector(),
                spec.template(), new Topology(subsets, spec.topology().scheduleStrategy()),
                null, null));
    }

    private static UnitedDeployment reserving() {
        return ud("apps.kruise.io/v1beta1", 4,
                ", \"scheduleStrategy\": {\"type\": \"Adaptive\", \"adaptive\": {\"reserveUnschedulablePods\": true}}", "");
    }
}
