package io.meridian.core.k8s;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import java.util.List;
import java.util.Map;

/**
 * Node-selector terms matched against a Node: {@code matchExpressions} read the node's labels,
 * {@code matchFields} read its fields (only {@code metadata.name} exists). A term without any
 * requirement matches no node, and a malformed requirement makes its term match nothing.
 */
public final class NodeSelectors {
    public static final String NODE_NAME_FIELD = "metadata.name";

    private NodeSelectors() {
    }

    /** The terms are ORed: true when any term matches. */
    public static boolean matchesAnyTerm(List<NodeSelectorTerm> terms, Node node) {
        return terms != null && terms.stream().anyMatch(term -> matchesTerm(term, node));
    }

    /** All requirements of the term (expressions and fields) must hold. */
    public static boolean matchesTerm(NodeSelectorTerm term, Node node) {
        if (term == null) {
            return false;
        }
        List<NodeSelectorRequirement> expressions = orEmpty(term.getMatchExpressions());
        List<NodeSelectorRequirement> fields = orEmpty(term.getMatchFields());
        if (expressions.isEmpty() && fields.isEmpty()) {
            return false;
        }
        Map<String, String> labels = labelsOf(node);
        return expressions.stream().allMatch(r -> Requirements.matchesLabels(r.getKey(), r.getOperator(), r.getValues(), labels, true))
                && fields.stream().allMatch(r -> matchesField(r, node));
    }

    private static boolean matchesField(NodeSelectorRequirement requirement, Node node) {
        if (!NODE_NAME_FIELD.equals(requirement.getKey())) {
            return false;
        }
        String operator = requirement.getOperator();
        if (!"In".equals(operator) && !"NotIn".equals(operator)) {
            return false;
        }
        String name = node.getMetadata() == null ? null : node.getMetadata().getName();
        Map<String, String> fields = name == null ? Map.of() : Map.of(NODE_NAME_FIELD, name);
        return Requirements.matchesLabels(NODE_NAME_FIELD, operator, requirement.getValues(), fields, false);
    }

    /** The node's labels, never null. */
    public static Map<String, String> labelsOf(Node node) {
        if (node == null || node.getMetadata() == null || node.getMetadata().getLabels() == null) {
            return Map.of();
        }
        return node.getMetadata().getLabels();
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }
}
