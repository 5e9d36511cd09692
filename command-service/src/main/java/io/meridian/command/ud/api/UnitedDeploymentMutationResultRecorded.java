package io.meridian.command.ud.api;

import java.time.Instant;

/** What became of a mutation; a failed one is corrected by the next reconcile ({@code retry}). */
public record UnitedDeploymentMutationResultRecorded(String id, String mutationId, String outcome, String detail,
                                                     Instant completedAt, boolean retry) {
}
