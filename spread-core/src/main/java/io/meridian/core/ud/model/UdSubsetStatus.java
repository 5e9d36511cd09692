package io.meridian.core.ud.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.List;
import java.util.Optional;

/**
 * One {@code status.subsetStatuses[]} entry: {@code replicas} is the allocated next replicas and
 * {@code partition} the next partition. {@code conditions} holds the {@code Schedulable} condition. In the
 * v1alpha1 shape the counts other than reservedPods are null (they live in subsetReplicas and updateStatus).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UdSubsetStatus(String name, Integer replicas, Integer readyReplicas, Integer partition, Integer reservedPods,
                             List<Condition> conditions) {
    public static final String SCHEDULABLE = "Schedulable";

    public UdSubsetStatus {
        conditions = conditions == null ? List.of() : List.copyOf(conditions);
    }

    public static UdSubsetStatus named(String name) {
        return new UdSubsetStatus(name, 0, 0, 0, 0, List.of());
    }

    public Optional<Condition> schedulable() {
        return conditions.stream().filter(c -> SCHEDULABLE.equals(c.getType())).findFirst();
    }

    public UdSubsetStatus withSchedulable(Condition condition) {
        return new UdSubsetStatus(name, replicas, readyReplicas, partition, reservedPods,
                Conditions.set(conditions, condition));
    }

    /** Without the per-subset replicas, ready replicas and partition (the v1alpha1 shape). */
    public UdSubsetStatus withoutCounts() {
        return new UdSubsetStatus(name, null, null, null, reservedPods, conditions);
    }

    public UdSubsetStatus withCounts(int nextReplicas, int ready, int nextPartition, int reserved) {
        return new UdSubsetStatus(name, nextReplicas, ready, nextPartition, reserved, conditions);
    }
}
