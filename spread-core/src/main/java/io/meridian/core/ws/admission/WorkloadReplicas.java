package io.meridian.core.ws.admission;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.ws.ReplicasPath;
import io.meridian.core.ws.model.WorkloadSpreadSpec;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.util.Optional;

/**
 * The replica count that percentages of {@code maxReplicas} scale against (§1.3 step 5.2): the sum
 * of the targetFilter paths if any, else by kind ({@code spec.parallelism} for a Job,
 * {@code spec.replicas} otherwise), else the whitelist path of a custom kind. A missing workload is 0.
 */
public final class WorkloadReplicas {
    private WorkloadReplicas() {
    }

    /** 0 unless some subset uses a percentage: only then is the workload read. */
    public static int forInitialisation(WorkloadSpreadSpec spec, Optional<JsonNode> workload, WorkloadKinds kinds) {
        return usesPercentage(spec) ? of(spec, workload, kinds) : 0;
    }

    public static int of(WorkloadSpreadSpec spec, Optional<JsonNode> workload, WorkloadKinds kinds) {
        if (workload.isEmpty()) {
            return 0;
        }
        JsonNode object = workload.get();
        if (spec.targetFilter() != null && !spec.targetFilter().replicasPathList().isEmpty()) {
            return ReplicasPath.sum(object, spec.targetFilter().replicasPathList()).replicas();
        }
        GroupKind kind = GroupKind.of(spec.targetRef().apiVersion(), spec.targetRef().kind());
        if (kind.equals(WorkloadKinds.JOB)) {
            return object.path("spec").path("parallelism").asInt(1);
        }
        if (kinds.isBuiltIn(kind)) {
            return object.path("spec").path("replicas").asInt(1);
        }
        return kinds.custom(kind)
                .filter(custom -> !custom.replicasPath().isEmpty())
                .map(custom -> ReplicasPath.read(object, custom.replicasPath()).replicas())
                .orElse(0);
    }

    static boolean usesPercentage(WorkloadSpreadSpec spec) {
        for (WorkloadSpreadSubset subset : spec.subsets()) {
            if (subset.maxReplicas() != null && subset.maxReplicas().getStrVal() != null) {
                return true;
            }
        }
        return false;
    }
}
