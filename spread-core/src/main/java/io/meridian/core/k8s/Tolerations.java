package io.meridian.core.k8s;

import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Objects;

/** Taint/toleration matching as the Kubernetes scheduler does it. */
public final class Tolerations {
    private Tolerations() {
    }

    /**
     * A toleration tolerates a taint when its effect is empty or equal, its key is empty or equal,
     * and either the operator is {@code Exists} or ({@code Equal} or empty) the values are equal.
     */
    public static boolean tolerates(Toleration toleration, Taint taint) {
        if (!isEmpty(toleration.getEffect()) && !Objects.equals(toleration.getEffect(), taint.getEffect())) {
            return false;
        }
        if (!isEmpty(toleration.getKey()) && !Objects.equals(toleration.getKey(), taint.getKey())) {
            return false;
        }
        String operator = toleration.getOperator();
        if ("Exists".equals(operator)) {
            return true;
        }
        if (isEmpty(operator) || "Equal".equals(operator)) {
            return Objects.equals(orEmpty(toleration.getValue()), orEmpty(taint.getValue()));
        }
        return false;
    }

    /** True when every taint is tolerated by at least one of the tolerations. */
    public static boolean toleratesAll(List<Taint> taints, List<Toleration> tolerations) {
        if (taints == null || taints.isEmpty()) {
            return true;
        }
        List<Toleration> all = tolerations == null ? List.of() : tolerations;
        return taints.stream().allMatch(taint -> all.stream().anyMatch(t -> tolerates(t, taint)));
    }

    private static boolean isEmpty(String s) {
        return s == null || s.isEmpty();
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }
}
