package io.meridian.core.ws.admission;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The workload kinds a spread may target (§1.2): the built-in ones plus the whitelist. */
public final class WorkloadKinds {
    public static final GroupKind DEPLOYMENT = new GroupKind("apps", "Deployment");
    public static final GroupKind REPLICA_SET = new GroupKind("apps", "ReplicaSet");
    public static final GroupKind JOB = new GroupKind("batch", "Job");
    public static final GroupKind CLONE_SET = new GroupKind("apps.kruise.io", "CloneSet");
    public static final GroupKind STATEFUL_SET = new GroupKind("apps", "StatefulSet");
    public static final GroupKind ADVANCED_STATEFUL_SET = new GroupKind("apps.kruise.io", "StatefulSet");
    private static final Set<GroupKind> BUILT_IN = Set.of(DEPLOYMENT, REPLICA_SET, JOB, CLONE_SET, STATEFUL_SET,
            ADVANCED_STATEFUL_SET);

    private final List<CustomWorkload> whitelist;
    private final Set<GroupKind> ownerKinds = new HashSet<>(BUILT_IN);

    private WorkloadKinds(List<CustomWorkload> whitelist) {
        this.whitelist = List.copyOf(whitelist);
        for (CustomWorkload custom : whitelist) {
            ownerKinds.add(custom.workload());
            ownerKinds.addAll(custom.subResources());
        }
    }

    public static WorkloadKinds builtInOnly() {
        return new WorkloadKinds(List.of());
    }

    public static WorkloadKinds withWhitelist(List<CustomWorkload> whitelist) {
        return new WorkloadKinds(whitelist);
    }

    /** Whether a pod (or an owner in its chain) may be controlled by this kind. */
    public boolean isKnownOwner(GroupKind kind) {
        return ownerKinds.contains(kind);
    }

    public boolean isBuiltIn(GroupKind kind) {
        return BUILT_IN.contains(kind);
    }

    public Optional<CustomWorkload> custom(GroupKind kind) {
        return whitelist.stream().filter(c -> c.workload().equals(kind)).findFirst();
    }
}
