package io.meridian.core.ws.model;

import io.fabric8.kubernetes.api.model.LabelSelector;
import java.util.List;

/** Manages only some of the target's pods; replicas may come from custom paths. */
public record TargetFilter(LabelSelector selector, List<String> replicasPathList) {
    public TargetFilter {
        replicasPathList = replicasPathList == null ? List.of() : List.copyOf(replicasPathList);
    }
}
