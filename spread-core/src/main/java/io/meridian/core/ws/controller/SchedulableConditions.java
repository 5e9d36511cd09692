package io.meridian.core.ws.controller;

import io.fabric8.kubernetes.api.model.Condition;
import io.meridian.core.k8s.KubeTimes;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The {@code Schedulable} condition of a subset row and how it is set. */
public final class SchedulableConditions {
    public static final String TYPE = "Schedulable";
    public static final String REASON_POD_UNSCHEDULABLE = "PodUnschedulable";
    public static final String REASON_SUFFICIENT = "Sufficient";
    public static final String UNKNOWN_REASON = "Unknown";

    private SchedulableConditions() {
    }

    public static Optional<Condition> find(List<Condition> conditions) {
        return conditions.stream().filter(c -> TYPE.equals(c.getType())).findFirst();
    }

    public static List<Condition> withoutSchedulable(List<Condition> conditions) {
        return conditions.stream().filter(c -> !TYPE.equals(c.getType())).toList();
    }

    /**
     * Sets the condition: the same status and reason leave it untouched; the same status with a
     * new reason keeps its lastTransitionTime; a new status moves the time to {@code now}. An empty
     * reason is stored as {@code Unknown}.
     */
    public static Condition set(Optional<Condition> old, String status, String reason, Instant now) {
        String storedReason = reason == null || reason.isEmpty() ? UNKNOWN_REASON : reason;
        if (old.isPresent() && Objects.equals(old.get().getStatus(), status)) {
            if (Objects.equals(old.get().getReason(), storedReason)) {
                return old.get();
            }
            return condition(status, storedReason, old.get().getLastTransitionTime(), old.get().getMessage());
        }
        return condition(status, storedReason, KubeTimes.format(now), "");
    }

    public static boolean isFalse(Optional<Condition> condition) {
        return condition.map(c -> "False".equals(c.getStatus())).orElse(false);
    }

    private static Condition condition(String status, String reason, String lastTransitionTime, String message) {
        Condition c = new Condition();
        c.setType(TYPE);
        c.setStatus(status);
        c.setReason(reason);
        c.setMessage(message == null ? "" : message);
        c.setLastTransitionTime(lastTransitionTime);
        return c;
    }
}
