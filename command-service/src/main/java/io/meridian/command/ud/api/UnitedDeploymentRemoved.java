package io.meridian.command.ud.api;

import java.time.Instant;
import java.util.List;

/** The UnitedDeployment was deleted; {@code mutations} delete the subset workloads that were left. */
public record UnitedDeploymentRemoved(String id, String decisionId, List<UdMutation> mutations, Instant at) {
}
