package io.meridian.sim;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Label selectors, node selector terms and taint toleration, as the API server and scheduler read them. */
final class Selectors {

  private Selectors() {
  }

  /** A null selector matches nothing, an empty one everything (as for workloads). */
  static boolean matches(LabelSelector selector, Map<String, String> labels) {
    if (selector == null) {
      return false;
    }
    Map<String, String> actual = labels == null ? Map.of() : labels;
    if (selector.getMatchLabels() != null) {
      for (Map.Entry<String, String> wanted : selector.getMatchLabels().entrySet()) {
        if (!Objects.equals(actual.get(wanted.getKey()), wanted.getValue())) {
          return false;
        }
      }
    }
    if (selector.getMatchExpressions() != null) {
      for (LabelSelectorRequirement requirement : selector.getMatchExpressions()) {
        if (!matches(requirement.getOperator(), actual, requirement.getKey(), requirement.getValues())) {
          return false;
        }
      }
    }
    return true;
  }

  /** An absent selector (webhook objectSelector / namespaceSelector) matches everything. */
  static boolean matchesOrAbsent(LabelSelector selector, Map<String, String> labels) {
    return selector == null || matches(selector, labels);
  }

  private static boolean matches(String operator, Map<String, String> labels, String key, List<String> values) {
    String value = labels.get(key);
    List<String> wanted = values == null ? List.of() : values;
    return switch (operator) {
      case "In" -> value != null && wanted.contains(value);
      case "NotIn" -> value == null || !wanted.contains(value);
      case "Exists" -> labels.containsKey(key);
      case "DoesNotExist" -> !labels.containsKey(key);
      case "Gt" -> compareInt(value, wanted) > 0;
      case "Lt" -> compareInt(value, wanted) < 0 && value != null;
      default -> false;
    };
  }

  /** Sign of value - wanted[0] as integers; 0 when either is missing or not an integer (never matches). */
  private static int compareInt(String value, List<String> wanted) {
    if (value == null || wanted.size() != 1) {
      return 0;
    }
    try {
      return Long.compare(Long.parseLong(value), Long.parseLong(wanted.get(0)));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** Terms are ORed; the requirements of one term are ANDed; an empty term matches nothing. */
  static boolean matchesAnyTerm(List<NodeSelectorTerm> terms, Node node) {
    return terms.stream().anyMatch(term -> matches(term, node));
  }

  static boolean matches(NodeSelectorTerm term, Node node) {
    List<NodeSelectorRequirement> expressions = term.getMatchExpressions() == null ? List.of() : term.getMatchExpressions();
    List<NodeSelectorRequirement> fields = term.getMatchFields() == null ? List.of() : term.getMatchFields();
    if (expressions.isEmpty() && fields.isEmpty()) {
      return false;
    }
    Map<String, String> labels = node.getMetadata().getLabels() == null ? Map.of() : node.getMetadata().getLabels();
    for (NodeSelectorRequirement requirement : expressions) {
      if (!matches(requirement.getOperator(), labels, requirement.getKey(), requirement.getValues())) {
        return false;
      }
    }
    Map<String, String> nodeFields = Map.of("metadata.name", node.getMetadata().getName());
    for (NodeSelectorRequirement requirement : fields) {
      if (!matches(requirement.getOperator(), nodeFields, requirement.getKey(), requirement.getValues())) {
        return false;
      }
    }
    return true;
  }

  /** Every NoSchedule and NoExecute taint of the node is tolerated (PreferNoSchedule never blocks). */
  static boolean toleratesAll(List<Taint> taints, List<Toleration> tolerations) {
    if (taints == null) {
      return true;
    }
    List<Toleration> given = tolerations == null ? List.of() : tolerations;
    return taints.stream()
        .filter(t -> "NoSchedule".equals(t.getEffect()) || "NoExecute".equals(t.getEffect()))
        .allMatch(t -> given.stream().anyMatch(tol -> tolerates(tol, t)));
  }

  static boolean tolerates(Toleration toleration, Taint taint) {
    if (toleration.getEffect() != null && !toleration.getEffect().isEmpty()
        && !toleration.getEffect().equals(taint.getEffect())) {
      return false;
    }
    String key = toleration.getKey();
    if (key == null || key.isEmpty()) {
      return "Exists".equals(toleration.getOperator());
    }
    if (!key.equals(taint.getKey())) {
      return false;
    }
    if ("Exists".equals(toleration.getOperator())) {
      return true;
    }
    return Objects.equals(emptyIfNull(toleration.getValue()), emptyIfNull(taint.getValue()));
  }

  private static String emptyIfNull(String s) {
    return s == null ? "" : s;
  }
}
