package io.meridian.core.ws.admission;

import io.meridian.core.k8s.LabelSelectors;
import io.meridian.core.ws.model.WorkloadSpread;
import java.util.List;

/** Picks the spread that manages a pod (§1.3 step 2). */
sealed interface SpreadMatch {
    record Found(WorkloadSpread spread) implements SpreadMatch {
    }

    record None() implements SpreadMatch {
    }

    record OwnerNotFound(String message) implements SpreadMatch {
    }

    /** The first live spread whose target the pod's owner chain reaches and whose selector takes the pod. */
    static SpreadMatch find(PodFacts pod, List<ListedSpread> spreads, ClusterObjects cluster, WorkloadKinds kinds) {
        for (ListedSpread listed : spreads) {
            WorkloadSpread spread = listed.spread();
            if (listed.beingDeleted() || spread.spec() == null || spread.spec().targetRef() == null) {
                continue;
            }
            TargetMatch match = OwnerChain.reaches(pod.controller(), pod.namespace(), spread.spec().targetRef(), cluster, kinds);
            if (match instanceof TargetMatch.OwnerNotFound notFound) {
                return new OwnerNotFound(notFound.message());
            }
            if (match instanceof TargetMatch.Matches && selectorTakes(spread, pod)) {
                return new Found(spread);
            }
        }
        return new None();
    }

    private static boolean selectorTakes(WorkloadSpread spread, PodFacts pod) {
        var filter = spread.spec().targetFilter();
        return filter == null || LabelSelectors.absentOrMatches(filter.selector(), pod.labels());
    }
}
