package io.meridian.command.ws.api;

import java.time.Instant;

/** A sync that changed nothing else moved the spread's next sync (an adaptive requeue) to {@code dueAt}. */
public record WorkloadSpreadSyncScheduled(String id, Instant dueAt) {
}
