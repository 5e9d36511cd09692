package io.meridian.core.ws.controller;

import io.meridian.core.ws.ReplicasPath;
import io.meridian.core.ws.model.TargetFilter;
import io.meridian.core.ws.model.TargetReference;
import java.util.Optional;
import java.util.Set;

/** The workload replica count a sync scales percentages against (§1.6 step 1). */
public final class WorkloadReplicas {
    private static final Set<String> BUILT_IN_GROUP_KINDS = Set.of(
            "apps/Deployment", "apps/ReplicaSet", "batch/Job", "apps.kruise.io/CloneSet",
            "apps/StatefulSet", "apps.kruise.io/StatefulSet");

    private WorkloadReplicas() {
    }

    /**
     * A missing workload has 0. Otherwise the filter's replica paths win, then the whitelist path
     * (empty path: 0), then the workload's own count.
     */
    public static ReplicasPath.Read resolve(TargetFilter filter, TargetWorkload workload, Optional<WhitelistEntry> whitelist) {
        if (!workload.exists()) {
            return new ReplicasPath.Found(0);
        }
        if (filter != null && !filter.replicasPathList().isEmpty()) {
            return ReplicasPath.sum(workload.object(), filter.replicasPathList());
        }
        if (whitelist.isPresent()) {
            String path = whitelist.get().replicasPath();
            return path.isEmpty() ? new ReplicasPath.Found(0) : ReplicasPath.read(workload.object(), path);
        }
        return new ReplicasPath.Found(workload.specReplicas());
    }

    /** Whether the target is one of the kinds Kruise knows itself (group and kind; version ignored). */
    public static boolean isBuiltIn(TargetReference target) {
        return BUILT_IN_GROUP_KINDS.contains(target.group() + "/" + target.kind());
    }

    /**
     * Whether the target's pods are collected at all: not for a missing workload, nor for a
     * built-in workload other than a Job (whose pods are found by its selector) scaled to zero.
     */
    public static boolean collectsPods(TargetReference target, TargetWorkload workload) {
        boolean scaledToZeroBuiltIn = isBuiltIn(target) && !isJob(target) && workload.specReplicas() == 0;
        return workload.exists() && !scaledToZeroBuiltIn;
    }

    private static boolean isJob(TargetReference target) {
        return "batch".equals(target.group()) && "Job".equals(target.kind());
    }
}
