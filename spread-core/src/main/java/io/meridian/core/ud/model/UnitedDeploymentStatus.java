package io.meridian.core.ud.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code status} of a UnitedDeployment. Reads both shapes: v1beta1 ({@code subsetStatuses},
 * {@code updatedRevision}) and v1alpha1 ({@code subsetReplicas}, {@code updateStatus}). Use
 * {@link #asV1beta1()} or {@link #asV1alpha1()} to keep only the fields of one version.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record UnitedDeploymentStatus(
        Long observedGeneration,
        Integer replicas,
        Integer readyReplicas,
        Integer updatedReplicas,
        Integer updatedReadyReplicas,
        Integer reservedPods,
        String currentRevision,
        String updatedRevision,
        Integer collisionCount,
        List<UdSubsetStatus> subsetStatuses,
        List<Condition> conditions,
        String labelSelector,
        Map<String, Integer> subsetReplicas,
        UpdateStatus updateStatus) {
    public static final String SUBSET_PROVISIONED = "SubsetProvisioned";
    public static final String SUBSET_UPDATED = "SubsetUpdated";
    public static final String SUBSET_FAILURE = "SubsetFailure";
    public static final String UNITED_DEPLOYMENT_UPDATED = "UnitedDeploymentUpdated";
    public static final UnitedDeploymentStatus EMPTY = new UnitedDeploymentStatus(
            null, null, null, null, null, null, null, null, null, null, null, null, null, null);

    public UnitedDeploymentStatus {
        subsetStatuses = subsetStatuses == null ? List.of() : List.copyOf(subsetStatuses);
        conditions = conditions == null ? List.of() : List.copyOf(conditions);
        subsetReplicas = subsetReplicas == null ? null : Collections.unmodifiableMap(new TreeMap<>(subsetReplicas));
    }

    public Optional<Condition> condition(String type) {
        return conditions.stream().filter(c -> type.equals(c.getType())).findFirst();
    }

    public Optional<UdSubsetStatus> subsetStatus(String name) {
        return subsetStatuses.stream().filter(s -> name.equals(s.name())).findFirst();
    }

    /** The updated revision of either shape. */
    public String effectiveUpdatedRevision() {
        if (updatedRevision != null) {
            return updatedRevision;
        }
        return updateStatus == null ? null : updateStatus.updatedRevision();
    }

    /** Only the v1beta1 fields. */
    public UnitedDeploymentStatus asV1beta1() {
        return new UnitedDeploymentStatus(observedGeneration, replicas, readyReplicas, updatedReplicas,
                updatedReadyReplicas, reservedPods, currentRevision, effectiveUpdatedRevision(), collisionCount,
                subsetStatuses, conditions, labelSelector, null, null);
    }

    /**
     * Only the v1alpha1 fields: per-subset replicas and partitions move to {@code subsetReplicas} and
     * {@code updateStatus}; subset entries keep their name, reservedPods and conditions.
     */
    public UnitedDeploymentStatus asV1alpha1() {
        Map<String, Integer> replicasBySubset = new LinkedHashMap<>();
        Map<String, Integer> partitions = new LinkedHashMap<>();
        for (UdSubsetStatus subset : subsetStatuses) {
            if (subset.replicas() != null) {
                replicasBySubset.put(subset.name(), subset.replicas());
            }
            if (subset.partition() != null) {
                partitions.put(subset.name(), subset.partition());
            }
        }
        if (replicasBySubset.isEmpty() && subsetReplicas != null) {
            replicasBySubset.putAll(subsetReplicas);
        }
        UpdateStatus update = new UpdateStatus(effectiveUpdatedRevision(),
                partitions.isEmpty() && updateStatus != null ? updateStatus.currentPartitions() : partitions);
        return new UnitedDeploymentStatus(observedGeneration, replicas, readyReplicas, updatedReplicas,
                updatedReadyReplicas, reservedPods, currentRevision, null, collisionCount,
                subsetStatuses.stream().map(UdSubsetStatus::withoutCounts).toList(), conditions,
                labelSelector, replicasBySubset, update);
    }
}
