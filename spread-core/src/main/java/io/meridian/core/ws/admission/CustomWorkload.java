package io.meridian.core.ws.admission;

import java.util.List;

/**
 * One entry of the custom-workload whitelist ({@code WorkloadSpread_Watch_Custom_Workload_WhiteList}):
 * the workload kind, where its replicas are ({@code ""} means 0) and the intermediate owner kinds
 * between it and its pods.
 */
public record CustomWorkload(GroupKind workload, String replicasPath, List<GroupKind> subResources) {
    public CustomWorkload {
        replicasPath = replicasPath == null ? "" : replicasPath;
        subResources = subResources == null ? List.of() : List.copyOf(subResources);
    }
}
