package io.meridian.core.karmada.rebalancer;

import static io.meridian.core.karmada.rebalancer.Fixtures.HOUR_AGO;
import static io.meridian.core.karmada.rebalancer.Fixtures.MINUTE_AGO;
import static io.meridian.core.karmada.rebalancer.Fixtures.NOW;
import static io.meridian.core.karmada.rebalancer.Fixtures.binding;
import static io.meridian.core.karmada.rebalancer.Fixtures.clusterRole;
import static io.meridian.core.karmada.rebalancer.Fixtures.deployment;
import static io.meridian.core.karmada.rebalancer.Fixtures.existing;
import static io.meridian.core.karmada.rebalancer.Fixtures.rebalancer;
import static io.meridian.core.karmada.rebalancer.Fixtures.status;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.karmada.scheduler.BindingKey;
import io.meridian.core.karmada.scheduler.BindingKind;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RebalancerReconcilerTest {
    private static final WorkloadReference APP = deployment("app");

    private static ReconcileDecision reconcileNew(ReconcileContext context, WorkloadReference... workloads) {
        return RebalancerReconciler.reconcile(
                rebalancer(MINUTE_AGO, List.of(workloads), null, WorkloadRebalancerStatus.EMPTY), context, NOW);
    }

    @Test
    void missingBindingFailsWithReferencedBindingNotFound() {
        ReconcileDecision decision = reconcileNew(existing(), APP);
        assertThat(decision.status().observedWorkloads()).containsExactly(ObservedWorkload.bindingNotFound(APP));
        assertThat(decision.status().observedWorkloads().get(0).reason()).isEqualTo("ReferencedBindingNotFound");
        assertThat(decision.next()).isEqualTo(NextStep.done());
    }

    @Test
    void failedEntryIsNotRetriedWhenItsBindingAppearsLater() {
        WorkloadRebalancer rb = rebalancer(MINUTE_AGO, List.of(APP), null,
                status(null, ObservedWorkload.bindingNotFound(APP)));
        ReconcileDecision decision = RebalancerReconciler.reconcile(rb, existing(binding(APP, null, HOUR_AGO)), NOW);
        assertThat(decision.status().observedWorkloads()).containsExactly(ObservedWorkload.bindingNotFound(APP));
        assertThat(decision.bindingUpdates()).isEmpty();
    }

    @Test
    void triggerIsSetToTheRebalancerCreationTimeNotToNow() {
        ReconcileDecision decision = reconcileNew(existing(binding(APP, HOUR_AGO, HOUR_AGO)), APP);
        assertThat(decision.bindingUpdates()).containsExactly(new BindingUpdate(APP.bindingKey(), MINUTE_AGO));
        assertThat(decision.status().observedWorkloads()).containsExactly(ObservedWorkload.successful(APP));
    }

    @Test
    void unsetTriggerIsSet() {
        ReconcileDecision decision = reconcileNew(existing(binding(APP, null, null)), APP);
        assertThat(decision.bindingUpdates()).containsExactly(new BindingUpdate(APP.bindingKey(), MINUTE_AGO));
    }

    @Test
    void triggerEqualToCreationTimeIsLeftAloneAndCountsAsSuccess() {
        ReconcileDecision decision = reconcileNew(existing(binding(APP, MINUTE_AGO, HOUR_AGO)), APP);
        assertThat(decision.bindingUpdates()).isEmpty();
        assertThat(decision.status().observedWorkloads()).containsExactly(ObservedWorkload.successful(APP));
    }

    @Test
    void triggerLaterThanCreationTimeIsLeftAlone() {
        ReconcileDecision decision = reconcileNew(existing(binding(APP, NOW, HOUR_AGO)), APP);
        assertThat(decision.bindingUpdates()).isEmpty();
    }

    @Test
    void clusterScopedWorkloadIsLookedUpAsClusterResourceBinding() {
        WorkloadReference role = clusterRole("reader");
        ReconcileDecision decision = reconcileNew(existing(binding(role, HOUR_AGO, HOUR_AGO)), role);
        assertThat(decision.bindingUpdates()).extracting(BindingUpdate::key)
                .containsExactly(new BindingKey(BindingKind.ClusterResourceBinding, "", "reader-clusterrole"));
    }

    @Test
    void getErrorLeavesTheEntryPendingAndRequeuesWithBackoff() {
        ReconcileContext context = ReconcileContext.of(Map.of(APP.bindingKey(), BindingLookup.failed("timeout")));
        ReconcileDecision decision = reconcileNew(context, APP);
        assertThat(decision.status().observedWorkloads()).containsExactly(ObservedWorkload.pending(APP));
        assertThat(decision.next()).isInstanceOf(NextStep.RequeueWithBackoff.class);
    }

    @Test
    void statusWithARetryIsWrittenWithTheOldFinishTime() {
        ReconcileContext context = ReconcileContext.of(Map.of(APP.bindingKey(), BindingLookup.failed("timeout")));
        ReconcileDecision decision = reconcileNew(context, APP);
        assertThat(decision.writeStatus()).isTrue();
        assertThat(decision.status().finishTime()).isNull();
    }

    @Test
    void updateNotFoundFailsTheEntry() {
        ReconcileContext context = existing(binding(APP, null, null))
                .withUpdateOutcomes(Map.of(APP.bindingKey(), UpdateOutcome.NotFound));
        ReconcileDecision decision = reconcileNew(context, APP);
        assertThat(decision.status().observedWorkloads()).containsExactly(ObservedWorkload.bindingNotFound(APP));
        assertThat(decision.bindingUpdates()).isEmpty();
    }

    @Test
    void updateErrorIsRetried() {
        ReconcileContext context = existing(binding(APP, null, null))
                .withUpdateOutcomes(Map.of(APP.bindingKey(), UpdateOutcome.Failed));
        ReconcileDecision decision = reconcileNew(context, APP);
        assertThat(decision.status().observedWorkloads()).containsExactly(ObservedWorkload.pending(APP));
        assertThat(decision.next()).isInstanceOf(NextStep.RequeueWithBackoff.class);
    }

    @Test
    void changedStatusWithoutRetriesGetsFinishTimeNow() {
        ReconcileDecision decision = reconcileNew(existing(binding(APP, null, null)), APP);
        assertThat(decision.writeStatus()).isTrue();
        assertThat(decision.status().finishTime()).isEqualTo(NOW);
        assertThat(decision.status().observedGeneration()).isEqualTo(3);
    }

    @Test
    void unchangedStatusIsNotWrittenAndKeepsAnUnsetFinishTime() {
        WorkloadRebalancer rb = rebalancer(MINUTE_AGO, List.of(APP), null,
                status(null, ObservedWorkload.successful(APP)));
        ReconcileDecision decision = RebalancerReconciler.reconcile(rb, existing(), NOW);
        assertThat(decision.writeStatus()).isFalse();
        assertThat(decision.status().finishTime()).isNull();
    }

    @Test
    void newObservedGenerationAloneRewritesTheStatus() {
        WorkloadRebalancer rb = rebalancer(MINUTE_AGO, List.of(APP), null,
                new WorkloadRebalancerStatus(List.of(ObservedWorkload.successful(APP)), 2, HOUR_AGO));
        ReconcileDecision decision = RebalancerReconciler.reconcile(rb, existing(), NOW);
        assertThat(decision.writeStatus()).isTrue();
        assertThat(decision.status().finishTime()).isEqualTo(NOW);
    }

    @Test
    void addingAWorkloadToAFinishedRebalancerRefreshesFinishTime() {
        WorkloadReference other = deployment("other");
        WorkloadRebalancer rb = rebalancer(MINUTE_AGO, List.of(APP, other), null,
                status(HOUR_AGO, ObservedWorkload.successful(APP)));
        ReconcileDecision decision = RebalancerReconciler.reconcile(rb, existing(binding(other, null, null)), NOW);
        assertThat(decision.status().finishTime()).isEqualTo(NOW);
    }

    @Test
    void withoutTtlTheRebalancerIsKept() {
        ReconcileDecision decision = reconcileNew(existing(binding(APP, null, null)), APP);
        assertThat(decision.next()).isEqualTo(NextStep.done());
    }

    @Test
    void ttlZeroDeletesOnTheFirstReconcileAfterFinishing() {
        WorkloadRebalancer rb = rebalancer(MINUTE_AGO, List.of(APP), 0, WorkloadRebalancerStatus.EMPTY);
        ReconcileDecision decision = RebalancerReconciler.reconcile(rb, existing(binding(APP, null, null)), NOW);
        assertThat(decision.next()).isEqualTo(NextStep.delete("42"));
    }

    @Test
    void ttlNotYetElapsedRequeuesAfterTheRemainder() {
        WorkloadRebalancer rb = rebalancer(MINUTE_AGO, List.of(APP), 90,
                status(MINUTE_AGO, ObservedWorkload.successful(APP)));
        ReconcileDecision decision = RebalancerReconciler.reconcile(rb, existing(), NOW);
        assertThat(decision.next()).isEqualTo(NextStep.requeueAfter(Duration.ofSeconds(30)));
    }

    @Test
    void ttlElapsedDeletesWithTheResourceVersionAsPrecondition() {
        WorkloadRebalancer rb = rebalancer(HOUR_AGO, List.of(APP), 5, status(HOUR_AGO, ObservedWorkload.successful(APP)));
        ReconcileDecision decision = RebalancerReconciler.reconcile(rb, existing(), NOW);
        assertThat(decision.writeStatus()).isFalse();
        assertThat(decision.next()).isEqualTo(NextStep.delete("42"));
    }

    @Test
    void ttlWithAnUnsetFinishTimeIsAnErrorAndTheObjectStays() {
        WorkloadRebalancer rb = rebalancer(HOUR_AGO, List.of(APP), 5, status(null, ObservedWorkload.successful(APP)));
        ReconcileDecision decision = RebalancerReconciler.reconcile(rb, existing(), NOW);
        assertThat(decision.next()).isEqualTo(NextStep.requeueWithBackoff("finish time should not be nil"));
    }

    @Test
    void pendingRetryPreventsTtlCleanup() {
        WorkloadRebalancer rb = rebalancer(HOUR_AGO, List.of(APP), 0, status(HOUR_AGO));
        ReconcileContext context = ReconcileContext.of(Map.of(APP.bindingKey(), BindingLookup.failed("timeout")));
        ReconcileDecision decision = RebalancerReconciler.reconcile(rb, context, NOW);
        assertThat(decision.deletes()).isFalse();
    }

    @Test
    void sameInputsGiveTheSameDecision() {
        ReconcileContext context = existing(binding(APP, null, null));
        assertThat(reconcileNew(context, APP, clusterRole("r"))).isEqualTo(reconcileNew(context, APP, clusterRole("r")));
    }
}
