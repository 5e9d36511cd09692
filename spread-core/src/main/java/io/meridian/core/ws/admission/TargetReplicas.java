package io.meridian.core.ws.admission;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.ws.WorkloadReplicas;
import io.meridian.core.ws.model.WorkloadSpreadSpec;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.util.Optional;

/**
 * The replica count that percentages of {@code maxReplicas} scale against (§1.3 step 5.2): the sum
 * of the targetFilter paths if any, else by kind ({@code spec.parallelism} for a Job,
 * {@code spec.replicas} otherwise), else the whitelist path of a custom kind. A missing workload is 0.
 */
public final class TargetReplicas {
    private TargetReplicas() {
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
        GroupKind kind = GroupKind.of(spec.targetRef().apiVersion(), spec.targetRef().kind());
        Optional<String> whitelistPath = kinds.isBuiltIn(kind) ? Optional.empty()
                : Optional.of(kinds.custom(kind).map(CustomWorkload::replicasPath).orElse(""));
        return WorkloadReplicas.resolve(spec.targetFilter(), object, whitelistPath, ownReplicas(kind, object)).replicas();
    }

    /** {@code spec.parallelism} for a Job, {@code spec.replicas} otherwise; Kubernetes defaults both to 1. */
    private static int ownReplicas(GroupKind kind, JsonNode object) {
        String field = kind.equals(WorkloadKinds.JOB) ? "parallelism" : "replicas";
        return object.path("spec").path(field).asInt(1);
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
