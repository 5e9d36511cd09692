package io.meridian.core.ud.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;

/**
 * One topology subset. {@code replicas}, {@code minReplicas} and {@code maxReplicas} are an integer or
 * {@code "N%"}; null means unset. {@code patch} is a strategic-merge patch for the pod template.
 * {@code cluster} is Meridian's extension: the member cluster that holds the subset workload (null = local).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Subset(
        String name,
        String cluster,
        NodeSelectorTerm nodeSelectorTerm,
        List<Toleration> tolerations,
        IntOrString replicas,
        IntOrString minReplicas,
        IntOrString maxReplicas,
        JsonNode patch) {

    public Subset {
        tolerations = tolerations == null ? List.of() : List.copyOf(tolerations);
    }

    /** A subset with only a name and replica settings, as the allocators see it. */
    public static Subset sized(String name, IntOrString replicas, IntOrString minReplicas, IntOrString maxReplicas) {
        return new Subset(name, null, null, List.of(), replicas, minReplicas, maxReplicas, null);
    }

    public boolean hasMinOrMax() {
        return minReplicas != null || maxReplicas != null;
    }

    public Subset withMinReplicas(IntOrString value) {
        return new Subset(name, cluster, nodeSelectorTerm, tolerations, replicas, value, maxReplicas, patch);
    }
}
