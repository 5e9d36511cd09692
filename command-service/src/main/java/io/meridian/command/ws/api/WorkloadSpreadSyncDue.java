package io.meridian.command.ws.api;

import java.time.Instant;

/** A reservation timeout or an adaptive requeue fired: the spread needs a sync now. */
public record WorkloadSpreadSyncDue(String id, Instant at) {
}
