package io.meridian.core.karmada.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/** {@code weightPreference}: a static weight list, or a dynamic weight that overrides it. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record WeightPreference(List<StaticClusterWeight> staticWeightList, String dynamicWeight) {
    public static final String AVAILABLE_REPLICAS = "AvailableReplicas";

    public WeightPreference {
        staticWeightList = staticWeightList == null ? List.of() : List.copyOf(staticWeightList);
        dynamicWeight = dynamicWeight == null ? "" : dynamicWeight;
    }

    public static WeightPreference staticWeights(List<StaticClusterWeight> rules) {
        return new WeightPreference(rules, "");
    }

    public static WeightPreference dynamic(String dynamicWeight) {
        return new WeightPreference(List.of(), dynamicWeight);
    }

    public boolean hasDynamicWeight() {
        return !dynamicWeight.isEmpty();
    }
}
