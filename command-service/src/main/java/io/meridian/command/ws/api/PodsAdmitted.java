package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * A batch of admissions decided by {@code kernelVersion} at {@code now} from {@code clusterObjects}
 * and the aggregate's state; {@code statusAfter} is the spread status with their reservations.
 * {@code syncDueAt}: when a reservation was recorded and no sync was due yet, the time a sync is due.
 */
public record PodsAdmitted(String id, String kernelVersion, Instant now, List<JsonNode> clusterObjects,
                           List<PodAdmission> admissions, JsonNode statusAfter, Instant syncDueAt) {
}
