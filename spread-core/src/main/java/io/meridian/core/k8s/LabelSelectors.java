package io.meridian.core.k8s;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import java.util.Map;

/**
 * metav1.LabelSelector matching: {@code matchLabels} and {@code matchExpressions} are ANDed. An
 * empty selector matches everything; a null one matches nothing (as Kubernetes converts them), and
 * so does a selector with a malformed requirement.
 */
public final class LabelSelectors {
    private LabelSelectors() {
    }

    /** For optional selectors where leaving the selector out means "everything" (a nil targetFilter, a cluster affinity). */
    public static boolean absentOrMatches(LabelSelector selector, Map<String, String> labels) {
        return selector == null || matches(selector, labels);
    }

    public static boolean matches(LabelSelector selector, Map<String, String> labels) {
        if (selector == null) {
            return false;
        }
        Map<String, String> actual = labels == null ? Map.of() : labels;
        if (selector.getMatchLabels() != null) {
            for (Map.Entry<String, String> required : selector.getMatchLabels().entrySet()) {
                if (required.getValue() == null || !required.getValue().equals(actual.get(required.getKey()))) {
                    return false;
                }
            }
        }
        if (selector.getMatchExpressions() != null) {
            for (LabelSelectorRequirement r : selector.getMatchExpressions()) {
                if (!Requirements.matchesLabels(r.getKey(), r.getOperator(), r.getValues(), actual, false)) {
                    return false;
                }
            }
        }
        return true;
    }
}
