package io.meridian.core.ud.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** {@code spec.topology}: the subsets in topology order and the schedule strategy (null = Fixed). */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Topology(List<Subset> subsets, UdScheduleStrategy scheduleStrategy) {
    public Topology {
        subsets = subsets == null ? List.of() : List.copyOf(subsets);
    }

    public UdScheduleStrategy effectiveScheduleStrategy() {
        return scheduleStrategy == null ? UdScheduleStrategy.DEFAULT_FIXED : scheduleStrategy;
    }
}
