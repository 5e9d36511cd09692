package io.meridian.agent;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.Objects;
import java.util.Set;

/**
 * Updates the control plane has no use for: a change of only the status of a kind whose status Meridian alone writes
 * and never reads back (a WorkloadRebalancer's status lists every workload it names, so at 5,000 workloads each write
 * came back as a cluster event of about 1 MB, spec and status, for the command-service to ignore). As Karmada's
 * rebalancer controller, which reacts to a new generation only. Any change of the spec (a new generation), of the
 * labels, annotations or finalizers, or a deletion is still published; so is every object on a resync.
 */
final class OwnStatusWrites {
    private static final Set<String> KINDS = Set.of("WorkloadRebalancer");

    private OwnStatusWrites() {
    }

    static boolean onlyOurStatusChanged(WatchedResource resource, GenericKubernetesResource before,
                                        GenericKubernetesResource after) {
        if (!KINDS.contains(resource.kind()) || before == null || after == null) {
            return false;
        }
        ObjectMeta was = before.getMetadata();
        ObjectMeta now = after.getMetadata();
        return now.getGeneration() != null && Objects.equals(was.getGeneration(), now.getGeneration())
                && Objects.equals(was.getUid(), now.getUid())
                && Objects.equals(was.getDeletionTimestamp(), now.getDeletionTimestamp())
                && Objects.equals(was.getLabels(), now.getLabels())
                && Objects.equals(was.getAnnotations(), now.getAnnotations())
                && Objects.equals(was.getFinalizers(), now.getFinalizers());
    }
}
