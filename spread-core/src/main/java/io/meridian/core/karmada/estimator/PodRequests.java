package io.meridian.core.karmada.estimator;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a pod requests as Kubernetes counts it: per resource the larger of the sum over its containers and the
 * largest init container (init containers run one at a time, before the others). Read from a pod spec (a pod's
 * {@code spec} or a workload's {@code spec.template.spec}); a spec without requests requests nothing.
 */
public final class PodRequests {
    private PodRequests() {
    }

    public static Map<String, Long> of(JsonNode podSpec) {
        Map<String, Long> containers = new TreeMap<>();
        podSpec.path("containers").forEach(c -> requests(c).forEach((r, v) -> containers.merge(r, v, Long::sum)));
        Map<String, Long> effective = new TreeMap<>(containers);
        podSpec.path("initContainers").forEach(c -> requests(c).forEach((r, v) -> effective.merge(r, v, Math::max)));
        effective.remove(ResourceAmounts.PODS);
        return effective;
    }

    private static Map<String, Long> requests(JsonNode container) {
        Map<String, Long> requests = new TreeMap<>();
        container.path("resources").path("requests").fields().forEachRemaining(e ->
                ResourceAmounts.amount(e.getKey(), e.getValue().asText()).filter(v -> v > 0)
                        .ifPresent(v -> requests.put(e.getKey(), v)));
        return requests;
    }
}
