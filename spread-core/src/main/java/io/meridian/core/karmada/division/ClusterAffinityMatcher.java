package io.meridian.core.karmada.division;

import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.meridian.core.k8s.LabelSelectors;
import io.meridian.core.karmada.model.ClusterAffinity;
import io.meridian.core.karmada.model.FieldSelector;
import io.meridian.core.karmada.model.MemberCluster;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Whether a cluster matches a {@link ClusterAffinity}: not excluded, and the label selector, field selector and
 * name list (each only when set) all accept it.
 */
public final class ClusterAffinityMatcher {
    private ClusterAffinityMatcher() {
    }

    public static boolean matches(ClusterAffinity affinity, MemberCluster cluster) {
        if (affinity == null) {
            return true;
        }
        return !affinity.exclude().contains(cluster.name())
                && LabelSelectors.absentOrMatches(affinity.labelSelector(), cluster.labels())
                && matchesFields(affinity.fieldSelector(), cluster)
                && (affinity.clusterNames().isEmpty() || affinity.clusterNames().contains(cluster.name()));
    }

    /**
     * The cluster's non-empty provider and region act as the labels the field requirements look at; a {@code zone}
     * requirement looks at all its zones ({@link #matchesZones}).
     */
    static boolean matchesFields(FieldSelector selector, MemberCluster cluster) {
        if (selector == null) {
            return true;
        }
        Map<String, String> fields = new TreeMap<>();
        for (String key : List.of(MemberCluster.PROVIDER, MemberCluster.REGION)) {
            cluster.field(key).filter(value -> !value.isEmpty()).ifPresent(value -> fields.put(key, value));
        }
        for (NodeSelectorRequirement expression : selector.matchExpressions()) {
            boolean matches = MemberCluster.ZONE.equals(expression.getKey())
                    ? matchesZones(expression.getOperator(), expression.getValues(), cluster.zones())
                    : new SetRequirement(expression.getKey(), expression.getOperator(), expression.getValues())
                    .matches(fields);
            if (!matches) {
                return false;
            }
        }
        return true;
    }

    /**
     * A zone requirement against every zone of the cluster: {@code In} holds when the cluster has zones and all are
     * listed, {@code NotIn} when none is listed, {@code Exists} when it has a zone, {@code DoesNotExist} when it has
     * none. For a cluster in one zone this is the label rule; unknown operators and empty lists match nothing.
     */
    static boolean matchesZones(String operator, List<String> values, List<String> zones) {
        List<String> listed = values == null ? List.of() : values;
        return switch (operator == null ? "" : operator) {
            case "In" -> !listed.isEmpty() && !zones.isEmpty() && listed.containsAll(zones);
            case "NotIn" -> !listed.isEmpty() && zones.stream().noneMatch(listed::contains);
            case "Exists" -> !zones.isEmpty();
            case "DoesNotExist" -> zones.isEmpty();
            default -> false;
        };
    }
}
