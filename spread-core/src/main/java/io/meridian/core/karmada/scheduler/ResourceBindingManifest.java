package io.meridian.core.karmada.scheduler;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.meridian.core.karmada.model.Placement;
import io.meridian.core.karmada.model.TargetCluster;
import java.time.Instant;
import java.util.List;

/**
 * A {@code work.karmada.io/v1alpha2} ResourceBinding or ClusterResourceBinding manifest, as Jackson reads it.
 * Only the fields in spec §1.2 are kept; {@link #toState()} gives the kernel's view.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ResourceBindingManifest(String apiVersion, String kind, Metadata metadata, Spec spec, Status status) {

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Metadata(String name, String namespace) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Resource(String apiVersion, String kind, String namespace, String name, String uid) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Spec(Resource resource, Integer replicas, List<Object> components, List<TargetCluster> clusters,
                       Placement placement,
                       @JsonDeserialize(using = KubeTime.Reader.class) @JsonSerialize(using = KubeTime.Writer.class)
                       Instant rescheduleTriggeredAt) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Status(@JsonDeserialize(using = KubeTime.Reader.class) @JsonSerialize(using = KubeTime.Writer.class)
                         Instant lastScheduledTime,
                         // the Go field is SchedulerObservedAffinityName; the wire name differs
                         @JsonProperty("schedulerObservingAffinityName") String schedulerObservedAffinityName) {
    }

    public BindingState toState() {
        Metadata meta = metadata == null ? new Metadata("", "") : metadata;
        Spec s = spec == null ? new Spec(null, null, null, null, null, null) : spec;
        Status st = status == null ? new Status(null, null) : status;
        BindingKind bindingKind = "ClusterResourceBinding".equals(kind) ? BindingKind.ClusterResourceBinding
                : BindingKind.ResourceBinding;
        return new BindingState(new BindingKey(bindingKind, meta.namespace(), meta.name()),
                s.resource() == null ? "" : s.resource().uid(),
                s.replicas() == null ? 0 : s.replicas(),
                s.components() == null ? 0 : s.components().size(),
                s.clusters(), s.placement(), s.rescheduleTriggeredAt(), st.lastScheduledTime(),
                st.schedulerObservedAffinityName());
    }
}
