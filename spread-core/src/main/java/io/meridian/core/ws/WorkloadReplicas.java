package io.meridian.core.ws;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.ws.model.TargetFilter;
import java.util.Optional;

/**
 * The replica count a spread's percentages scale against (§1.3 step 5.2, §1.6 step 1), once the target
 * workload is known to exist: the sum of the targetFilter's replica paths if it has any, else the
 * whitelist path of a custom kind (an empty path gives 0), else the workload's own count.
 */
public final class WorkloadReplicas {
    private WorkloadReplicas() {
    }

    public static ReplicasPath.Read resolve(TargetFilter filter, JsonNode workload, Optional<String> whitelistPath,
                                            int ownReplicas) {
        if (filter != null && !filter.replicasPathList().isEmpty()) {
            return ReplicasPath.sum(workload, filter.replicasPathList());
        }
        if (whitelistPath.isPresent()) {
            String path = whitelistPath.get();
            return path.isEmpty() ? new ReplicasPath.Found(0) : ReplicasPath.read(workload, path);
        }
        return new ReplicasPath.Found(ownReplicas);
    }
}
