package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * What one decision wrote to the spread's status: pod {@code podKey} recorded as {@code kind}
 * (CREATING or DELETING) at {@code at} in row {@code subset} of {@code version}. {@code initialRows}
 * are the freshly initialised rows of the version when it had none yet (null otherwise), so the
 * event stays the size of one pod however many pods the status tracks.
 */
public record ReservationChange(String version, String subset, String podKey, String kind, Instant at,
                                JsonNode initialRows) {
}
