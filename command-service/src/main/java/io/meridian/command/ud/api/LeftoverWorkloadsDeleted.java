package io.meridian.command.ud.api;

import java.time.Instant;
import java.util.List;

/** Subset workloads of a removed UnitedDeployment found again; {@code mutations} delete them. */
public record LeftoverWorkloadsDeleted(String id, String decisionId, List<UdMutation> mutations, Instant at) {
}
