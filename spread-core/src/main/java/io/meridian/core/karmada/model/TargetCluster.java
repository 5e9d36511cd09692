package io.meridian.core.karmada.model;

/** A member cluster and the replicas assigned to it (for weight lists, the weight). */
public record TargetCluster(String name, int replicas) {
}
