package io.meridian.core.karmada.rebalancer;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.meridian.core.k8s.LabelSelectors;
import io.meridian.core.karmada.model.Placement;
import io.meridian.core.karmada.model.TargetCluster;
import io.meridian.core.karmada.scheduler.BindingKey;
import io.meridian.core.karmada.scheduler.BindingKind;
import io.meridian.core.karmada.scheduler.BindingState;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import static io.meridian.core.karmada.rebalancer.Fixtures.HOUR_AGO;
import static io.meridian.core.karmada.rebalancer.Fixtures.MINUTE_AGO;
import static io.meridian.core.karmada.rebalancer.Fixtures.NOW;
import static io.meridian.core.karmada.rebalancer.Fixtures.binding;
import static io.meridian.core.karmada.rebalancer.Fixtures.deployment;
import static io.meridian.core.karmada.rebalancer.Fixtures.existing;
import static io.meridian.core.karmada.rebalancer.Fixtures.rebalancer;
import static org.assertj.core.api.Assertions.assertThat;

/** Meridian's additions to WorkloadRebalancer (extensions §7). */
class RebalancerAdditionsTest {
    private static final WorkloadReference APP = deployment("app");
    private static final WorkloadReference WEB = deployment("web");
    private static final List<TargetCluster> ON_A = List.of(new TargetCluster("a", 4));
    private static final List<TargetCluster> SPLIT = List.of(new TargetCluster("a", 2), new TargetCluster("b", 2));

    private static WorkloadRebalancerSpec spec(List<WorkloadReference> workloads, LabelSelector selector,
                                               boolean dryRun, boolean preserveAvailable) {
        return new WorkloadRebalancerSpec(workloads, null, selector, dryRun, preserveAvailable);
    }

    private static ReconcileDecision reconcile(WorkloadRebalancerSpec spec, ReconcileContext context) {
        return RebalancerReconciler.reconcile(rebalancer(MINUTE_AGO, spec, WorkloadRebalancerStatus.EMPTY), context,
                NOW);
    }

    private static BindingState scheduled(WorkloadReference workload, List<TargetCluster> clusters) {
        return new BindingState(workload.bindingKey(), "uid", 4, 0, clusters, Placement.NONE, MINUTE_AGO,
                NOW, "");
    }

    @Test
    void selectedTemplatesAreRebalancedTogetherWithTheListedWorkloads() {
        LabelSelector tier = new LabelSelectorBuilder().addToMatchLabels("tier", "web").build();
        List<ResourceTemplate> templates = List.of(new ResourceTemplate(WEB, Map.of("tier", "web")),
                new ResourceTemplate(deployment("db"), Map.of("tier", "db")));
        ReconcileContext context = existing(binding(APP, null, null), binding(WEB, null, null))
                .withTemplates(templates);
        ReconcileDecision decision = reconcile(spec(List.of(APP), tier, false, false), context);
        assertThat(decision.status().observedWorkloads())
                .containsExactly(ObservedWorkload.successful(APP), ObservedWorkload.successful(WEB));
    }

    @Test
    void workloadBothListedAndSelectedAppearsOnce() {
        LabelSelector any = new LabelSelector();
        ReconcileContext context = existing(binding(APP, null, null))
                .withTemplates(List.of(new ResourceTemplate(APP, Map.of())));
        assertThat(reconcile(spec(List.of(APP), any, false, false), context).status().observedWorkloads()).hasSize(1);
    }

    @Test
    void absentSelectorSelectsNothingAndEmptySelectorSelectsEverything() {
        assertThat(LabelSelectors.matches(null, Map.of("a", "b"))).isFalse();
        assertThat(LabelSelectors.matches(new LabelSelector(), Map.of("a", "b"))).isTrue();
    }

    @Test
    void selectorExpressionsFollowKubernetesOperators() {
        LabelSelector selector = new LabelSelectorBuilder()
                .addNewMatchExpression().withKey("env").withOperator("In").withValues("prod", "stage").endMatchExpression()
                .addNewMatchExpression().withKey("legacy").withOperator("DoesNotExist").endMatchExpression()
                .addNewMatchExpression().withKey("team").withOperator("NotIn").withValues("x").endMatchExpression()
                .build();
        assertThat(LabelSelectors.matches(selector, Map.of("env", "prod"))).isTrue();
        assertThat(LabelSelectors.matches(selector, Map.of("env", "dev"))).isFalse();
        assertThat(LabelSelectors.matches(selector, Map.of("env", "prod", "legacy", "1"))).isFalse();
        assertThat(LabelSelectors.matches(selector, Map.of("env", "prod", "team", "x"))).isFalse();
    }

    @Test
    void dryRunAppliesNothingAndShowsThePlanBeforeAndAfter() {
        ReconcileContext context = existing(scheduled(APP, ON_A)).withPlanner(binding -> SPLIT);
        ReconcileDecision decision = reconcile(spec(List.of(APP), null, true, false), context);
        assertThat(decision.bindingUpdates()).isEmpty();
        ObservedWorkload entry = decision.status().observedWorkloads().get(0);
        assertThat(entry.result()).isEqualTo(WorkloadResult.Successful);
        assertThat(entry.plan()).isEqualTo(new RebalancePlan(ON_A, SPLIT));
    }

    @Test
    void dryRunStillReportsMissingBindings() {
        ReconcileDecision decision = reconcile(spec(List.of(APP), null, true, false), existing());
        assertThat(decision.status().observedWorkloads()).containsExactly(ObservedWorkload.bindingNotFound(APP));
    }

    @Test
    void preserveAvailableJustTriggeredIsPendingAndPolledWithoutError() {
        ReconcileDecision decision = reconcile(spec(List.of(APP), null, false, true),
                existing(binding(APP, HOUR_AGO, HOUR_AGO)));
        assertThat(decision.bindingUpdates()).hasSize(1);
        assertThat(decision.status().observedWorkloads()).containsExactly(ObservedWorkload.pending(APP));
        assertThat(decision.status().finishTime()).isNull();
        assertThat(decision.next()).isEqualTo(NextStep.requeueAfter(ReconcileContext.DEFAULT_PROGRESS_POLL));
    }

    @Test
    void preserveAvailableStaysPendingWhileReplacementsAreNotReady() {
        RolloutProgress halfway = new RolloutProgress(SPLIT, List.of(new TargetCluster("a", 4)), 4);
        ReconcileContext context = ReconcileContext.of(
                Map.of(APP.bindingKey(), BindingLookup.found(scheduled(APP, ON_A), halfway)));
        ReconcileDecision decision = reconcile(spec(List.of(APP), null, false, true), context);
        assertThat(decision.status().observedWorkloads()).containsExactly(ObservedWorkload.pending(APP));
    }

    @Test
    void preserveAvailableSucceedsOnceTheTargetIsInPlaceAndReady() {
        RolloutProgress done = new RolloutProgress(SPLIT, SPLIT, 4);
        ReconcileContext context = ReconcileContext.of(
                Map.of(APP.bindingKey(), BindingLookup.found(scheduled(APP, SPLIT), done)));
        ReconcileDecision decision = reconcile(spec(List.of(APP), null, false, true), context);
        assertThat(decision.status().observedWorkloads()).containsExactly(ObservedWorkload.successful(APP));
        assertThat(decision.status().finishTime()).isEqualTo(NOW);
    }

    @Test
    void unitedDeploymentIsTriggeredOnTheUnitedDeploymentItself() {
        WorkloadReference ud = new WorkloadReference("apps.kruise.io/v1alpha1", "UnitedDeployment", "test-ns", "web");
        BindingKey udKey = new BindingKey(BindingKind.UnitedDeployment, "test-ns", "web");
        ReconcileContext context = ReconcileContext.of(
                Map.of(udKey, BindingLookup.found(BindingState.triggerView(udKey, null, HOUR_AGO))));
        ReconcileDecision decision = reconcile(spec(List.of(ud), null, false, false), context);
        assertThat(decision.bindingUpdates()).containsExactly(new BindingUpdate(udKey, MINUTE_AGO));
        assertThat(decision.status().observedWorkloads()).containsExactly(ObservedWorkload.successful(ud));
    }
}
