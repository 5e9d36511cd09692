package io.meridian.core.ud.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.LabelSelector;

/** {@code spec} of a UnitedDeployment (v1beta1; v1alpha1 has the same spec). */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UnitedDeploymentSpec(Integer replicas, LabelSelector selector, SubsetTemplate template,
                                   Topology topology, UdUpdateStrategy updateStrategy,
                                   Integer revisionHistoryLimit) {

    public Topology effectiveTopology() {
        return topology == null ? new Topology(null, null) : topology;
    }

    public UdUpdateStrategy effectiveUpdateStrategy() {
        return updateStrategy == null ? new UdUpdateStrategy(UdUpdateStrategy.MANUAL, new ManualUpdate(null)) : updateStrategy;
    }
}
