package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * A batch of admissions decided by {@code kernelVersion} at {@code now} from {@code clusterObjects}
 * and the aggregate's state (each admission with the reservation it wrote, applied in order).
 * {@code syncDueAt}: when a reservation was recorded and no sync was due yet, the time a sync is due.
 * {@code latestVersion}: the target's latest pod version the initial deletion costs were computed
 * with (null: unknown, admitted pods taken as the latest version).
 */
public record PodsAdmitted(String id, String kernelVersion, Instant now, List<JsonNode> clusterObjects,
                           List<PodAdmission> admissions, Instant syncDueAt, String latestVersion) {
}
