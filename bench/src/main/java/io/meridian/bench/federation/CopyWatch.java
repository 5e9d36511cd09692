package io.meridian.bench.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The member copies (Deployments with the binding label) of every watched cluster as their API servers store them:
 * replicas per cluster and workload, and when each last changed ({@link System#nanoTime()}, taken as the change is
 * stored). Since session 41 the copies are observed inside each simulated API server ({@code SimulatedCluster.observe}),
 * not through one informer per cluster: the watch connections, their TLS and the decoding of every event into a
 * resource were the benchmark's own work on the two cores it measures (and a change was timed when its event had
 * been delivered, not when it was stored).
 */
final class CopyWatch implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    record Copy(int replicas, long changedNanos) {
    }

    private final Map<String, Map<String, Copy>> copies = new ConcurrentHashMap<>();
    private final List<AutoCloseable> observers = new ArrayList<>();

    CopyWatch(BenchFleet fleet, List<String> clusters) {
        String path = "/apis/apps/v1/namespaces/" + BenchFleet.NAMESPACE + "/deployments";
        for (String cluster : clusters) {
            Map<String, Copy> ofCluster = copies.computeIfAbsent(cluster, c -> new ConcurrentHashMap<>());
            observers.add(fleet.cluster(cluster).observe(path, new Handler(ofCluster)));
        }
    }

    /** The copy of the workload in the cluster, or null. */
    Copy copy(String cluster, String workload) {
        Map<String, Copy> ofCluster = copies.get(cluster);
        return ofCluster == null ? null : ofCluster.get(workload);
    }

    /** Replicas of the workload's copy in the cluster; 0 without a copy. */
    int replicas(String cluster, String workload) {
        Copy copy = copy(cluster, workload);
        return copy == null ? 0 : copy.replicas();
    }

    /** One cluster's watch events, on its API server's thread: the copy's replicas and the time they changed. */
    private static final class Handler implements Consumer<String> {
        private final Map<String, Copy> copies;

        Handler(Map<String, Copy> copies) {
            this.copies = copies;
        }

        @Override
        public void accept(String event) {
            long now = System.nanoTime();
            JsonNode node = parse(event);
            JsonNode object = node.path("object");
            JsonNode metadata = object.path("metadata");
            String name = metadata.path("name").asText();
            if ("DELETED".equals(node.path("type").asText())) {
                copies.put(name, new Copy(0, now));
            } else if (metadata.path("labels").has(BenchFleet.BINDING_LABEL)) {
                int replicas = object.path("spec").path("replicas").asInt();
                copies.compute(name, (n, old) -> old != null && old.replicas() == replicas ? old : new Copy(replicas, now));
            }
        }

        private static JsonNode parse(String event) {
            try {
                return JSON.readTree(event);
            } catch (IOException e) {
                throw new UncheckedIOException("a watch event that is not JSON: " + e.getMessage(), e);
            }
        }
    }

    @Override
    public void close() {
        for (AutoCloseable observer : observers) {
            try {
                observer.close();
            } catch (Exception e) {
                throw new IllegalStateException("cannot stop observing copies: " + e.getMessage(), e);
            }
        }
    }
}
