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

    /** The cluster's non-empty provider, region and zone act as the labels the field requirements look at. */
    static boolean matchesFields(FieldSelector selector, MemberCluster cluster) {
        if (selector == null) {
            return true;
        }
        Map<String, String> fields = new TreeMap<>();
        for (String key : List.of(MemberCluster.PROVIDER, MemberCluster.REGION, MemberCluster.ZONE)) {
            cluster.field(key).filter(value -> !value.isEmpty()).ifPresent(value -> fields.put(key, value));
        }
        for (NodeSelectorRequirement expression : selector.matchExpressions()) {
            if (!new SetRequirement(expression.getKey(), expression.getOperator(), expression.getValues())
                    .matches(fields)) {
                return false;
            }
        }
        return true;
    }
}
