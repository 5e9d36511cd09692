package io.meridian.core.karmada.estimator;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a pod requests as Kubernetes counts it, per resource: the regular containers run together with the sidecars
 * (init containers with {@code restartPolicy: Always}, which keep running); a plain init container runs alone
 * beside the sidecars started before it; the pod needs the larger of the two peaks, plus its {@code overhead} (the
 * runtime class's cost). Read from a pod spec (a pod's {@code spec} or a workload's {@code spec.template.spec}); a
 * spec without requests requests nothing.
 */
public final class PodRequests {
    private static final String SIDECAR_RESTART_POLICY = "Always";

    private PodRequests() {
    }

    public static Map<String, Long> of(JsonNode podSpec) {
        Map<String, Long> running = new TreeMap<>();
        podSpec.path("containers").forEach(c -> addTo(running, requests(c.path("resources").path("requests"))));
        Map<String, Long> sidecars = new TreeMap<>();
        Map<String, Long> initPeak = new TreeMap<>();
        for (JsonNode init : podSpec.path("initContainers")) {
            Map<String, Long> requests = requests(init.path("resources").path("requests"));
            if (SIDECAR_RESTART_POLICY.equals(init.path("restartPolicy").asText())) {
                addTo(sidecars, requests);
                maxInto(initPeak, sidecars);
            } else {
                Map<String, Long> alone = new TreeMap<>(sidecars);
                addTo(alone, requests);
                maxInto(initPeak, alone);
            }
        }
        Map<String, Long> effective = new TreeMap<>(running);
        addTo(effective, sidecars);
        maxInto(effective, initPeak);
        addTo(effective, requests(podSpec.path("overhead")));
        effective.remove(ResourceAmounts.PODS);
        return effective;
    }

    private static void addTo(Map<String, Long> total, Map<String, Long> more) {
        more.forEach((resource, amount) -> total.merge(resource, amount, Long::sum));
    }

    private static void maxInto(Map<String, Long> peak, Map<String, Long> other) {
        other.forEach((resource, amount) -> peak.merge(resource, amount, Math::max));
    }

    private static Map<String, Long> requests(JsonNode quantities) {
        Map<String, Long> requests = new TreeMap<>();
        quantities.fields().forEachRemaining(e ->
                ResourceAmounts.amount(e.getKey(), e.getValue().asText()).filter(v -> v > 0)
                        .ifPresent(v -> requests.put(e.getKey(), v)));
        return requests;
    }
}
