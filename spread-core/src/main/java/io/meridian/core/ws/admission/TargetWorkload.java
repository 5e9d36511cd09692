package io.meridian.core.ws.admission;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.ws.model.WorkloadSpread;
import java.util.Optional;

/** The spread's target object among the cluster objects, and its replicas. */
final class TargetWorkload {
    private TargetWorkload() {
    }

    static Optional<JsonNode> object(WorkloadSpread spread, String namespace, ClusterObjects cluster) {
        var target = spread.spec().targetRef();
        return cluster.find(namespace, GroupKind.of(target.apiVersion(), target.kind()), target.name())
                .map(ClusterObject::object);
    }

    /** Replicas for scaling percentages; 0 (without reading) when no subset uses one. */
    static int replicasForPercentages(WorkloadSpread spread, String namespace, ClusterObjects cluster, WorkloadKinds kinds) {
        if (!TargetReplicas.usesPercentage(spread.spec())) {
            return 0;
        }
        return TargetReplicas.of(spread.spec(), object(spread, namespace, cluster), kinds);
    }

    static boolean isStatefulSet(WorkloadSpread spread) {
        return "StatefulSet".equals(spread.spec().targetRef().kind());
    }

    /** §1.3 step 3: one subset without maxReplicas takes every pod, with no bookkeeping. */
    static boolean isSingleUnlimitedSubset(WorkloadSpread spread) {
        var subsets = spread.spec().subsets();
        return subsets.size() == 1 && subsets.get(0).maxReplicas() == null;
    }
}
