package io.meridian.command.federation;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.federation.api.BindingMutation;
import io.meridian.command.federation.api.BindingScheduled;
import io.meridian.command.federation.api.MemberView;
import io.meridian.command.federation.api.ScheduleInputs;
import io.meridian.core.KernelVersion;
import io.meridian.core.karmada.estimator.PodRequests;
import io.meridian.core.karmada.model.Placement;
import io.meridian.core.karmada.model.ScheduleMode;
import io.meridian.core.karmada.model.TargetCluster;
import io.meridian.core.karmada.rebalancer.MakeBeforeBreakPlanner;
import io.meridian.core.karmada.rebalancer.MakeBeforeBreakStep;
import io.meridian.core.karmada.scheduler.BindingKey;
import io.meridian.core.karmada.scheduler.BindingState;
import io.meridian.core.karmada.scheduler.ScheduleCheckInput;
import io.meridian.core.karmada.scheduler.ScheduleTrigger;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Turns a binding's state and what it reads now into its next decision: evicts unreachable clusters from the
 * assignment (failover), asks the kernel's §2.6 checks whether to schedule, schedules (Fresh while a reschedule
 * is required, else Steady), steps a make-before-break rollout, and plans the writes to the member clusters.
 * Nothing is decided when nothing changed.
 */
final class BindingPlanner {
    static final String TEMPLATE_CHANGED = "TemplateChanged";
    static final String ROLLOUT_STEP = "RolloutStep";
    static final String RETRY = "RetryAfterFailure";

    private BindingPlanner() {
    }

    /**
     * @param triggeredAt the reschedule trigger to schedule under (the view's, or a new one)
     * @param rolloutFloor for a reschedule with preserveAvailable: the available replicas at its start
     */
    static Optional<BindingScheduled> decide(BindingView view, BindingSource source, String why, Instant at,
                                             String decisionId, Instant triggeredAt, Integer rolloutFloor) {
        BindingRef ref = BindingRef.parse(view.id());
        JsonNode template = source.template();
        int total = FederatedTemplate.total(template);
        String digest = source.templateDigest();
        Placement placement = source.placement();
        JsonNode placementNode = source.policy().path("spec").path("placement");
        Set<String> ready = source.members().stream().filter(MemberView::ready).map(MemberView::name)
                .collect(Collectors.toSet());
        List<String> evicted = view.assignment().keySet().stream().filter(c -> !ready.contains(c)).toList();
        Map<String, Integer> previous = new LinkedHashMap<>(view.assignment());
        evicted.forEach(previous::remove);
        String uid = template.path("metadata").path("uid").asText("");
        BindingState state = new BindingState(BindingKey.forWorkload(ref.kind(), ref.namespace(), ref.name()), uid,
                total, 0, KernelSchedule.targets(previous), placement, triggeredAt, view.lastScheduledTime(),
                view.observedAffinityName());
        boolean placementChanged = !placementNode.equals(view.appliedPlacement());
        ScheduleTrigger check = new ScheduleCheckInput(state, placementChanged, total > 0, false, false).firstTrigger();
        boolean schedules = check.schedules() || view.lastFailure() != null;
        ScheduleMode mode = state.rescheduleRequired() ? ScheduleMode.FRESH : ScheduleMode.STEADY;
        Map<String, Long> requests = PodRequests.of(template.path("spec").path("template").path("spec"));
        KernelSchedule.Outcome outcome = schedules ? KernelSchedule.run(state, source.members(), mode, requests) : null;

        Map<String, Integer> assignment = outcome != null && outcome.succeeded() ? outcome.assignment() : view.assignment();
        String failure = outcome == null ? null : outcome.failure();
        Map<String, Integer> applied = applied(view, source, assignment, outcome, rolloutFloor);
        // a failed schedule leaves the member clusters as they are
        List<BindingMutation> mutations = failure != null ? List.of() : CopyPlanner.plan(source.host(), template,
                ref.labelValue(), new CopyPlanner.Written(view.applied(), view.total(), view.digest(),
                        view.hostWritten()), applied, total, digest);
        boolean changed = !assignment.equals(view.assignment()) || !applied.equals(view.applied())
                || !mutations.isEmpty() || !Objects.equals(failure, view.lastFailure())
                || schedules && (placementChanged || state.rescheduleRequired());
        if (!changed) {
            return Optional.empty();
        }
        String trigger = check.schedules() ? check.name() : schedules ? RETRY
                : view.rollingOut() ? ROLLOUT_STEP : TEMPLATE_CHANGED;
        ScheduleInputs inputs = new ScheduleInputs(template.path("apiVersion").asText("apps/v1"), uid, total,
                PolicyMatch.name(source.policy()), placementNode, source.fleet().recorded() ? null : source.members(),
                view.assignment(), evicted, triggeredAt, view.lastScheduledTime(), view.observedAffinityName(), requests,
                source.fleet().digest(), source.host());
        return Optional.of(new BindingScheduled(view.id(), decisionId, KernelVersion.VALUE, trigger,
                schedules ? mode.name() : null, inputs, assignment, outcome == null ? view.observedAffinityName()
                : outcome.affinityName(), failure, applied, digest, mutations,
                reason(why, trigger, mode, schedules, assignment, failure, evicted), at));
    }

    /**
     * What the clusters are asked to hold: the assignment, except during a make-before-break rollout, which moves
     * one step at a time; a failed schedule leaves them as they are.
     */
    private static Map<String, Integer> applied(BindingView view, BindingSource source, Map<String, Integer> assignment,
                                                KernelSchedule.Outcome outcome, Integer rolloutFloor) {
        if (outcome != null && !outcome.succeeded()) {
            return view.applied();
        }
        Integer floor = rolloutFloor != null ? rolloutFloor
                : outcome == null && view.rollingOut() ? Integer.valueOf(view.pending().availableAtStart()) : null;
        if (floor == null) {
            return assignment;
        }
        MakeBeforeBreakStep step = MakeBeforeBreakPlanner.nextStep(KernelSchedule.targets(view.applied()),
                KernelSchedule.targets(assignment), readyReplicas(source), floor);
        return KernelSchedule.byName(step.desired());
    }

    /** Ready replicas per cluster, from the copies as they are now. */
    static List<TargetCluster> readyReplicas(BindingSource source) {
        return source.copies().entrySet().stream()
                .map(e -> new TargetCluster(e.getKey(), e.getValue().readyReplicas())).toList();
    }

    private static String reason(String why, String trigger, ScheduleMode mode, boolean schedules,
                                 Map<String, Integer> assignment, String failure, List<String> evicted) {
        StringBuilder reason = new StringBuilder(why).append(": ");
        if (!evicted.isEmpty()) {
            reason.append("failover from unreachable ").append(evicted).append("; ");
        }
        if (!schedules) {
            return reason.append(trigger).append(", copies follow ").append(assignment).toString();
        }
        if (failure != null) {
            return reason.append(trigger).append(", ").append(mode).append(" schedule failed: ").append(failure).toString();
        }
        return reason.append(trigger).append(", ").append(mode).append(" schedule assigned ").append(assignment).toString();
    }
}
