package io.meridian.core.k8s;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import java.util.List;
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
        Map<String, String> required = selector.getMatchLabels() == null ? Map.of() : selector.getMatchLabels();
        boolean labelsMatch = required.entrySet().stream()
                .allMatch(e -> e.getValue() != null && e.getValue().equals(actual.get(e.getKey())));
        List<LabelSelectorRequirement> expressions =
                selector.getMatchExpressions() == null ? List.of() : selector.getMatchExpressions();
        return labelsMatch && expressions.stream()
                .allMatch(r -> Requirements.matchesLabels(r.getKey(), r.getOperator(), r.getValues(), actual, false));
    }
}
