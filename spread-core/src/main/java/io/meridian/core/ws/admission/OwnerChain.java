package io.meridian.core.ws.admission;

import io.meridian.core.ws.model.TargetReference;

/**
 * Walks a pod's controller-owner chain (§1.2): an owner matches the target by group, kind and name
 * (version ignored); otherwise a known owner kind is read from the cluster and its own controller
 * is tried. An owner that cannot be read gives NotFound.
 */
final class OwnerChain {
    /** Guards against a cycle in malformed owner references. */
    private static final int MAX_DEPTH = 16;

    private OwnerChain() {
    }

    static TargetMatch reaches(ObjectRef controller, String namespace, TargetReference target,
                               ClusterObjects cluster, WorkloadKinds kinds) {
        ObjectRef targetRef = new ObjectRef(target.apiVersion(), target.kind(), target.name());
        ObjectRef owner = controller;
        for (int depth = 0; owner != null && depth < MAX_DEPTH; depth++) {
            if (owner.sameObjectAs(targetRef)) {
                return new TargetMatch.Matches();
            }
            if (!kinds.isKnownOwner(owner.groupKind())) {
                return new TargetMatch.NoMatch();
            }
            var object = cluster.find(namespace, owner.groupKind(), owner.name());
            if (object.isEmpty()) {
                return new TargetMatch.OwnerNotFound(owner.groupKind(), owner.name());
            }
            owner = object.get().ownerController();
        }
        return new TargetMatch.NoMatch();
    }
}
