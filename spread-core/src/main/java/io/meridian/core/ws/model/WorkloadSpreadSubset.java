package io.meridian.core.ws.model;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;

/**
 * One subset of a spread. Accepts both the v1beta1 spellings and the v1alpha1 ones
 * ({@code requiredNodeSelectorTerm}, {@code preferredNodeSelectorTerms}).
 * {@code maxReplicas} null means unlimited; {@code minReplicas} is Meridian's extension (null = 0).
 */
public record WorkloadSpreadSubset(
        String name,
        @JsonAlias("requiredNodeSelectorTerm") NodeSelectorTerm requiredNodeSelector,
        @JsonAlias("preferredNodeSelectorTerms") List<PreferredSchedulingTerm> preferredNodeSelector,
        List<Toleration> tolerations,
        IntOrString maxReplicas,
        Integer minReplicas,
        JsonNode patch) {

    public WorkloadSpreadSubset {
        preferredNodeSelector = preferredNodeSelector == null ? List.of() : List.copyOf(preferredNodeSelector);
        tolerations = tolerations == null ? List.of() : List.copyOf(tolerations);
    }
}
