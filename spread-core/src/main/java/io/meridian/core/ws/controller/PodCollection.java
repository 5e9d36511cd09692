package io.meridian.core.ws.controller;

import io.meridian.core.ws.admission.GroupKind;
import io.meridian.core.ws.admission.WorkloadKinds;
import io.meridian.core.ws.ReplicasPath;
import io.meridian.core.ws.model.TargetFilter;
import io.meridian.core.ws.model.TargetReference;
import java.util.Optional;

/** Which targets are built in, and whether a sync collects the target's pods at all (§1.6 step 1). */
public final class PodCollection {
    private static final WorkloadKinds BUILT_IN = WorkloadKinds.builtInOnly();

    private PodCollection() {
    }

    /** Whether the target is one of the kinds Kruise knows itself (group and kind; version ignored). */
    public static boolean isBuiltIn(TargetReference target) {
        return BUILT_IN.isBuiltIn(GroupKind.of(target.apiVersion(), target.kind()));
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
