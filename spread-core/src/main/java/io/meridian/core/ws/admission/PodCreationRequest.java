package io.meridian.core.ws.admission;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Everything the creation webhook decides from.
 *
 * @param pod the pod as received (the JSON Patch is relative to it)
 * @param spreads the spreads of the pod's namespace, in list order (the first match wins)
 * @param cluster the workload objects that can be read; the target must be its CURRENT version, since
 *                percentages scale against its replicas when rows are initialised
 * @param now the time recorded for a reservation
 * @param generatedId the key used for a pod that has no name yet (only generateName)
 * @param activePods per spread name and subset name, the active pods the caller observed; where absent
 *                   the subset's {@code status.subsetStatuses[].replicas} is used (for minReplicas)
 */
public record PodCreationRequest(JsonNode pod, List<ListedSpread> spreads, ClusterObjects cluster,
                                 AdmissionSettings settings, Instant now, String generatedId,
                                 Map<String, Map<String, Integer>> activePods) {
    public PodCreationRequest {
        java.util.Objects.requireNonNull(pod, "pod");
        java.util.Objects.requireNonNull(now, "now");
        java.util.Objects.requireNonNull(generatedId, "generatedId");
        spreads = List.copyOf(spreads);
        activePods = activePods == null ? Map.of() : activePods;
    }
}
