package io.meridian.command.rebalancer.api;

import io.meridian.core.karmada.rebalancer.ResourceTemplate;
import io.meridian.core.karmada.rebalancer.WorkloadRebalancer;
import java.time.Instant;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * A WorkloadRebalancer CR of the host cluster as it now stands (created or changed). {@code rebalancer} carries
 * metadata and spec (its status is ignored: the aggregate owns it); {@code templates} are the host's resource
 * templates with their labels, for {@code spec.workloadSelector}. With {@code resume} (sent once per rebalancer after a
 * restart, when deadlines and answers in flight are lost) an unchanged rebalancer asks its unanswered targets again
 * and re-arms its deadline; without it an unchanged spec records nothing (our own status writes come back as upserts).
 */
public record UpsertRebalancer(@TargetAggregateIdentifier String id, String cluster, String uid,
                               WorkloadRebalancer rebalancer, List<ResourceTemplate> templates, boolean resume,
                               Instant at) {
    public UpsertRebalancer {
        templates = templates == null ? List.of() : List.copyOf(templates);
    }
}
