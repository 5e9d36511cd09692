package io.meridian.core.ud.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.List;
import java.util.Optional;

/**
 * One {@code status.subsetStatuses[]} entry (v1beta1): {@code replicas} is the allocated next replicas and
 * {@code partition} the next partition. {@code conditions} holds the {@code Schedulable} condition.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UdSubsetStatus(String name, int replicas, int readyReplicas, int partition, int reservedPods,
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

    public UdSubsetStatus withCounts(int nextReplicas, int ready, int nextPartition, int reserved) {
        return new UdSubsetStatus(name, nextReplicas, ready, nextPartition, reserved, conditions);
    }
}
