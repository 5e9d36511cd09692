package io.meridian.e2e;

import io.meridian.sim.ClusterSpec;
import io.meridian.sim.SimOptions;
import io.meridian.sim.SimulatedCluster;
import io.meridian.sim.ZoneSpec;
import io.meridian.standalone.StandaloneRuntime;
import io.meridian.standalone.run.FleetObserver;
import io.meridian.standalone.run.SpreadSnapshot;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import io.fabric8.kubernetes.client.utils.Serialization;

/**
 * One standalone runtime (every service, Kafka, PostgreSQL) over one simulated cluster {@code member1}, shared by
 * the tests of a class; each test works in its own namespace. Zones {@code a} and {@code b} take most pods,
 * {@code c} is small (the Adaptive tests fill it), {@code d} is where pods go when {@code c} cannot take them.
 */
final class E2eFleet implements AutoCloseable {
    static final String CLUSTER = "member1";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    final StandaloneRuntime runtime;
    final FleetObserver observer;

    private E2eFleet(StandaloneRuntime runtime) {
        this.runtime = runtime;
        this.observer = new FleetObserver(runtime.fleet());
    }

    static E2eFleet start() {
        return start(new ZoneSpec("a", 2, 30), new ZoneSpec("b", 2, 30), new ZoneSpec("c", 1, 10), new ZoneSpec("d", 1, 30));
    }

    static E2eFleet start(ZoneSpec... zones) {
        StandaloneRuntime runtime = StandaloneRuntime.start(List.of(new ClusterSpec(CLUSTER, List.of(zones))),
                SimOptions.DEFAULTS, line -> System.out.println("[e2e] started " + line));
        return new E2eFleet(runtime);
    }

    SimulatedCluster cluster() {
        return runtime.fleet().cluster(CLUSTER);
    }

    /** Applies YAML to member1 (through its API server and so through the admission webhooks). */
    void apply(String yaml) {
        cluster().api().apply(yaml);
    }

    void scale(String namespace, String deployment, int replicas) {
        cluster().api().scale("Deployment", namespace, deployment, replicas);
    }

    /** A Deployment {@code name} with {@code replicas} pods labelled {@code app: name}. */
    void deployment(String namespace, String name, int replicas) {
        apply("""
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: %1$s, namespace: %2$s}
                spec:
                  replicas: %3$d
                  selector: {matchLabels: {app: %1$s}}
                  template:
                    metadata: {labels: {app: %1$s}}
                    spec:
                      containers: [{name: main, image: nginx:alpine}]
                """.formatted(name, namespace, replicas));
    }

    /** The pods of the spread's workload per subset, as a user counts them (the no-subset entry when non-zero). */
    Map<String, Integer> counts(String namespace, String spread) {
        return snapshot(namespace, spread).counts();
    }

    SpreadSnapshot snapshot(String namespace, String spread) {
        return observer.spread(CLUSTER, namespace, spread);
    }

    /** The history API's answer for one spread (JSON array, oldest first). */
    String history(String namespace, String spread) {
        return projectionApi("history", runtime.historyUrl(CLUSTER, namespace, spread));
    }

    /** The placements API's pods per subset (placed, those being rescheduled included). */
    Map<String, Integer> placements(String namespace, String spread) {
        String url = runtime.historyUrl(CLUSTER, namespace, spread).replaceFirst("/history$", "/placements");
        try {
            Map<String, Integer> placed = new java.util.TreeMap<>();
            Serialization.jsonMapper().readTree(projectionApi("placements", url)).path("subsets").fields()
                    .forEachRemaining(e -> placed.put(e.getKey(), e.getValue().path("placed").asInt()
                            + e.getValue().path("rescheduling").asInt()));
            return placed;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("the placements API answered something else than JSON", e);
        }
    }

    private static String projectionApi(String name, String url) {
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException(name + " API answered " + response.statusCode() + ": " + response.body());
            }
            return response.body();
        } catch (IOException e) {
            throw new IllegalStateException(name + " API: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The spread's history as records (type, decisionId, reason, payload). */
    List<HistoryEntry> historyEntries(String namespace, String spread) {
        try {
            List<HistoryEntry> entries = new java.util.ArrayList<>();
            for (com.fasterxml.jackson.databind.JsonNode row : Serialization.jsonMapper().readTree(history(namespace, spread))) {
                entries.add(new HistoryEntry(row.path("sequence").asLong(), row.path("type").asText(),
                        row.path("decisionId").asText(null), row.path("reason").asText(""), row.path("payload")));
            }
            return entries;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("the history API answered something else than JSON", e);
        }
    }

    record HistoryEntry(long sequence, String type, String decisionId, String reason,
                        com.fasterxml.jackson.databind.JsonNode payload) {
    }

    @Override
    public void close() {
        runtime.close();
    }
}
