package io.meridian.core.ud.model;

import io.fabric8.kubernetes.api.model.Condition;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Condition helpers with the Kubernetes convention for {@code lastTransitionTime}. */
public final class Conditions {
    /** Go's zero time: what an unset timestamp compares as. */
    public static final Instant ZERO_TIME = Instant.parse("0001-01-01T00:00:00Z");
    public static final String TRUE = "True";
    public static final String FALSE = "False";

    private Conditions() {
    }

    public static Condition of(String type, String status, String reason, String message, Instant now) {
        return new Condition(timestamp(now), message, null, reason, status, type);
    }

    /** RFC 3339 at second precision, as the API server stores it. */
    public static String timestamp(Instant time) {
        return time.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** Parses an RFC 3339 timestamp; null or empty is the zero time. */
    public static Instant instant(String timestamp) {
        return timestamp == null || timestamp.isEmpty() ? ZERO_TIME : Instant.parse(timestamp);
    }

    public static Instant lastTransition(Condition condition) {
        return instant(condition.getLastTransitionTime());
    }

    /** The conditions without the one of {@code type}. */
    public static List<Condition> remove(List<Condition> conditions, String type) {
        return conditions.stream().filter(c -> !Objects.equals(c.getType(), type)).toList();
    }

    public static boolean isFalse(Condition condition) {
        return FALSE.equals(condition.getStatus());
    }

    /**
     * Sets {@code condition} in {@code conditions}, replacing the one of the same type. Same status, reason
     * and message: nothing changes. Same status only: the old transition time is kept.
     */
    public static List<Condition> set(List<Condition> conditions, Condition condition) {
        Condition current = conditions.stream()
                .filter(c -> Objects.equals(c.getType(), condition.getType())).findFirst().orElse(null);
        if (current != null && Objects.equals(current.getStatus(), condition.getStatus())
                && Objects.equals(current.getReason(), condition.getReason())
                && Objects.equals(current.getMessage(), condition.getMessage())) {
            return conditions;
        }
        Condition toSet = condition;
        if (current != null && Objects.equals(current.getStatus(), condition.getStatus())) {
            toSet = new Condition(current.getLastTransitionTime(), condition.getMessage(), null,
                    condition.getReason(), condition.getStatus(), condition.getType());
        }
        List<Condition> next = new ArrayList<>();
        for (Condition c : conditions) {
            if (!Objects.equals(c.getType(), condition.getType())) {
                next.add(c);
            }
        }
        next.add(toSet);
        return List.copyOf(next);
    }
}
