package io.meridian.command.ud.api;

import java.time.Instant;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Subset workloads still found after their UnitedDeployment was removed (a member cluster was unreachable when the
 * deletes were sent, or the command-service stopped before they were applied): delete them now.
 */
public record DeleteLeftoverWorkloads(@TargetAggregateIdentifier String id, String decisionId,
                                      List<SubsetWorkload> workloads, Instant at) {
    public DeleteLeftoverWorkloads {
        workloads = workloads == null ? List.of() : List.copyOf(workloads);
    }
}
