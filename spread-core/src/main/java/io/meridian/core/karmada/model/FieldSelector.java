package io.meridian.core.karmada.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import java.util.List;

/** Requirements on the cluster fields {@code provider}, {@code region} and {@code zone}; all must hold. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record FieldSelector(List<NodeSelectorRequirement> matchExpressions) {
    public FieldSelector {
        matchExpressions = matchExpressions == null ? List.of() : List.copyOf(matchExpressions);
    }
}
