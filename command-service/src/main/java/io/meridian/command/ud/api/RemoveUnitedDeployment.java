package io.meridian.command.ud.api;

import java.time.Instant;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * The UnitedDeployment was deleted; {@code workloads} are the subset workloads still found, in any cluster
 * (a member cluster has no owner reference to collect them, so they are deleted explicitly).
 */
public record RemoveUnitedDeployment(@TargetAggregateIdentifier String id, String decisionId,
                                     List<SubsetWorkload> workloads, Instant at) {
    public RemoveUnitedDeployment {
        workloads = workloads == null ? List.of() : List.copyOf(workloads);
    }
}
