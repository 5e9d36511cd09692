package io.meridian.command.ws.api;

import java.time.Instant;

/** What became of a mutation; a failed one is retried by the next sync ({@code retrySync}). */
public record MutationResultRecorded(String id, String mutationId, String outcome, String detail, Instant completedAt,
                                     boolean retrySync, long domainSequence) {
}
