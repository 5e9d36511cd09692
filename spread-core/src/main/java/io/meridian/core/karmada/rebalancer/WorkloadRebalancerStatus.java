package io.meridian.core.karmada.rebalancer;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.meridian.core.karmada.scheduler.KubeTime;
import java.time.Instant;
import java.util.List;

/** {@code status} of a WorkloadRebalancer. An absent observedGeneration reads as 0, as in Go. */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorkloadRebalancerStatus(List<ObservedWorkload> observedWorkloads, long observedGeneration,
                                       @JsonDeserialize(using = KubeTime.Reader.class)
                                       @JsonSerialize(using = KubeTime.Writer.class) Instant finishTime) {
    public static final WorkloadRebalancerStatus EMPTY = new WorkloadRebalancerStatus(List.of(), 0, null);

    public WorkloadRebalancerStatus {
        observedWorkloads = observedWorkloads == null ? List.of() : List.copyOf(observedWorkloads);
    }

    public WorkloadRebalancerStatus withFinishTime(Instant time) {
        return new WorkloadRebalancerStatus(observedWorkloads, observedGeneration, time);
    }
}
