package io.meridian.core.ud.adaptive;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.meridian.core.ud.model.Conditions;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The facts about a pod that adaptive rescheduling reads. {@code deletionTimestamp} null means the pod is
 * not terminating; {@code nodeName} null or empty means unbound.
 */
public record PodSnapshot(String name, String phase, Instant creationTimestamp, Instant deletionTimestamp,
                          String nodeName, Map<String, String> labels, List<Condition> conditions) {
    public static final String PENDING = "Pending";
    public static final String RUNNING = "Running";
    public static final String REVISION_LABEL = "apps.kruise.io/controller-revision-hash";
    public static final String RESERVED_LABEL = "apps.kruise.io/united-deployment-reserved-pod";

    public PodSnapshot {
        labels = labels == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(labels));
        conditions = conditions == null ? List.of() : List.copyOf(conditions);
    }

    /** One pod condition; {@code lastTransitionTime} null is the zero time. */
    public record Condition(String type, String status, String reason, Instant lastTransitionTime) {
        public Instant effectiveLastTransitionTime() {
            return lastTransitionTime == null ? Conditions.ZERO_TIME : lastTransitionTime;
        }
    }

    public static PodSnapshot of(Pod pod) {
        var meta = pod.getMetadata();
        var status = pod.getStatus();
        List<Condition> conditions = status == null || status.getConditions() == null ? List.of()
                : status.getConditions().stream().map(PodSnapshot::condition).toList();
        return new PodSnapshot(meta.getName(), status == null ? null : status.getPhase(),
                Conditions.instant(meta.getCreationTimestamp()),
                meta.getDeletionTimestamp() == null ? null : Conditions.instant(meta.getDeletionTimestamp()),
                pod.getSpec() == null ? null : pod.getSpec().getNodeName(), meta.getLabels(), conditions);
    }

    private static Condition condition(PodCondition c) {
        return new Condition(c.getType(), c.getStatus(), c.getReason(),
                c.getLastTransitionTime() == null ? null : Conditions.instant(c.getLastTransitionTime()));
    }

    public Optional<Condition> condition(String type) {
        return conditions.stream().filter(c -> type.equals(c.type())).findFirst();
    }

    /** The pod's revision label, {@code ""} when absent. */
    public String revision() {
        return labels.getOrDefault(REVISION_LABEL, "");
    }

    /** The reserved label has exactly the value {@code "true"}. */
    public boolean isMarkedReserved() {
        return "true".equals(labels.get(RESERVED_LABEL));
    }

    public boolean hasReservedLabel() {
        return labels.containsKey(RESERVED_LABEL);
    }

    public boolean isTerminating() {
        return deletionTimestamp != null;
    }

    public boolean isBound() {
        return nodeName != null && !nodeName.isEmpty();
    }

    /** Pending, unbound and {@code PodScheduled=False} with reason {@code Unschedulable}. */
    public boolean isUnschedulablePending() {
        return PENDING.equals(phase) && !isBound() && condition("PodScheduled")
                .filter(c -> "False".equals(c.status()) && "Unschedulable".equals(c.reason()))
                .isPresent();
    }
}
