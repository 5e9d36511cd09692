package io.meridian.core.karmada.scheduler;

import io.meridian.core.karmada.model.ClusterAffinityTerm;
import io.meridian.core.karmada.model.TargetCluster;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Scheduling with {@code clusterAffinities} (§2.6): resume from the recorded term, or from the first term when a
 * reschedule is required, and stop at the first term that schedules.
 */
public final class AffinityTermWalk {
    private AffinityTermWalk() {
    }

    /** Index of the first term to try. */
    public static int startIndex(List<ClusterAffinityTerm> terms, String observedAffinityName,
                                 boolean rescheduleRequired) {
        if (rescheduleRequired || observedAffinityName == null || observedAffinityName.isEmpty()) {
            return 0;
        }
        for (int i = 0; i < terms.size(); i++) {
            if (terms.get(i).affinityName().equals(observedAffinityName)) {
                return i;
            }
        }
        return 0;
    }

    /**
     * @param schedule schedules the binding with one term (the caller's pipeline: filter, score, select, assign)
     */
    public static AffinityWalkResult walk(BindingState binding, Function<ClusterAffinityTerm, TermAttempt> schedule) {
        List<ClusterAffinityTerm> terms = binding.placement().clusterAffinities();
        String recorded = binding.schedulerObservedAffinityName();
        List<String> tried = new ArrayList<>();
        TermAttempt firstFailure = null;
        for (int i = startIndex(terms, recorded, binding.rescheduleRequired()); i < terms.size(); i++) {
            ClusterAffinityTerm term = terms.get(i);
            tried.add(term.affinityName());
            TermAttempt attempt = schedule.apply(term);
            if (attempt instanceof TermAttempt.Scheduled scheduled) {
                return new AffinityWalkResult(tried, scheduled.clusters(), true, term.affinityName(),
                        !term.affinityName().equals(recorded), "");
            }
            if (firstFailure == null) {
                firstFailure = attempt;
            }
        }
        return failed(binding, tried, firstFailure);
    }

    private static AffinityWalkResult failed(BindingState binding, List<String> tried, TermAttempt firstFailure) {
        String recorded = binding.schedulerObservedAffinityName();
        if (firstFailure instanceof TermAttempt.FitError fit) {
            return new AffinityWalkResult(tried, List.<TargetCluster>of(), true, recorded, false,
                    nonEmpty(fit.message(), "no cluster fits"));
        }
        String message = firstFailure instanceof TermAttempt.OtherError other ? nonEmpty(other.message(), "failed")
                : "no cluster affinity term to schedule with";
        return new AffinityWalkResult(tried, binding.clusters(), false, recorded, false, message);
    }

    private static String nonEmpty(String message, String fallback) {
        return message == null || message.isEmpty() ? fallback : message;
    }
}
