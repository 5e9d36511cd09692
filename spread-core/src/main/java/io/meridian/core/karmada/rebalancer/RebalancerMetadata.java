package io.meridian.core.karmada.rebalancer;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.meridian.core.karmada.scheduler.KubeTime;
import java.time.Instant;

/** The metadata a reconcile reads. The object is cluster-scoped. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RebalancerMetadata(String name,
                                 @JsonDeserialize(using = KubeTime.Reader.class)
                                 @JsonSerialize(using = KubeTime.Writer.class) Instant creationTimestamp,
                                 long generation, String resourceVersion) {
    public RebalancerMetadata {
        name = name == null ? "" : name;
        resourceVersion = resourceVersion == null ? "" : resourceVersion;
    }
}
