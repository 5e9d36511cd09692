package io.meridian.core.karmada.scheduler;

import io.meridian.core.karmada.model.ReplicaScheduling;
import io.meridian.core.karmada.model.TargetCluster;
import java.util.List;

/**
 * §2.6 condition 2: whether the binding's replicas no longer match its clusters (a ScaleSchedule). Reads
 * {@code replicaScheduling} exactly as written: absent is not defaulted to Duplicated here.
 */
public final class ReplicasChangedRule {
    private ReplicasChangedRule() {
    }

    /**
     * @param replicaScheduling               {@code placement.replicaScheduling}, null when absent
     * @param multiplePodTemplatesScheduling  the alpha feature gate of that name (default off)
     */
    public static boolean changed(ReplicaScheduling replicaScheduling, int specReplicas, int componentCount,
                                  List<TargetCluster> clusters, boolean multiplePodTemplatesScheduling) {
        if (replicaScheduling == null) {
            return false;
        }
        if (multiplePodTemplatesScheduling && componentCount > 0 && clusters.isEmpty()) {
            return true;
        }
        if (replicaScheduling.isDivided()) {
            return clusters.stream().mapToLong(TargetCluster::replicas).sum() != specReplicas;
        }
        if (replicaScheduling.isDuplicated()) {
            return clusters.stream().anyMatch(c -> c.replicas() != specReplicas);
        }
        return false;
    }

    public static boolean changed(BindingState binding, boolean multiplePodTemplatesScheduling) {
        return changed(binding.placement().replicaScheduling(), binding.replicas(), binding.componentCount(),
                binding.clusters(), multiplePodTemplatesScheduling);
    }
}
