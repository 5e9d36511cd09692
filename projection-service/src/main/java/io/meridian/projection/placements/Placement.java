package io.meridian.projection.placements;

import java.time.Instant;

/**
 * One pod's current place: the subset it was admitted to, by which decision and since when; when a sync decided
 * to delete it for rescheduling, that decision and its time too (else null).
 */
public record Placement(String pod, String subset, String decisionId, Instant since, String reschedulingDecisionId,
                        Instant reschedulingSince) {
}
