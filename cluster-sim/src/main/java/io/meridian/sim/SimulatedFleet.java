package io.meridian.sim;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The simulated member clusters of a scenario, built from its {@code clusters:} list; the first is
 * also the host cluster. Closing the fleet stops every cluster.
 */
public final class SimulatedFleet implements AutoCloseable {

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final int MAX_STARTING = 4;

  /** The part of a scenario file the fleet reads; everything else in the file is ignored. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Scenario(List<ClusterSpec> clusters) {
  }

  private final Map<String, SimulatedCluster> clusters;

  private SimulatedFleet(Map<String, SimulatedCluster> clusters) {
    this.clusters = clusters;
  }

  /** Reads the {@code clusters:} part of a scenario file. */
  public static List<ClusterSpec> readClusters(String scenarioYaml) {
    try {
      Scenario scenario = YAML.readValue(scenarioYaml, Scenario.class);
      return scenario == null || scenario.clusters() == null ? List.of() : scenario.clusters();
    } catch (IOException e) {
      throw new IllegalArgumentException("the scenario's clusters: list cannot be read: " + e.getMessage(), e);
    }
  }

  public static SimulatedFleet fromScenario(Path scenarioFile, SimOptions options) {
    try {
      return start(readClusters(Files.readString(scenarioFile)), options);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static SimulatedFleet fromScenarioYaml(String scenarioYaml, SimOptions options) {
    return start(readClusters(scenarioYaml), options);
  }

  /** Starts the clusters (concurrently); if one fails to start, the others are stopped again. */
  public static SimulatedFleet start(List<ClusterSpec> specs, SimOptions options) {
    if (specs.isEmpty()) {
      throw new IllegalArgumentException("a fleet needs at least one cluster");
    }
    Set<String> names = new HashSet<>();
    for (ClusterSpec spec : specs) {
      if (!names.add(spec.name())) {
        throw new IllegalArgumentException("cluster " + spec.name() + " is listed twice");
      }
    }
    // a few at a time: a hundred mock servers starting at once on two cores time out their own clients
    java.util.concurrent.ExecutorService starters = java.util.concurrent.Executors.newFixedThreadPool(
        Math.min(MAX_STARTING, specs.size()));
    List<CompletableFuture<SimulatedCluster>> starting = specs.stream()
        .map(spec -> CompletableFuture.supplyAsync(() -> SimulatedCluster.start(spec, options), starters)).toList();
    starters.shutdown();
    Map<String, SimulatedCluster> started = new LinkedHashMap<>();
    RuntimeException failure = null;
    for (CompletableFuture<SimulatedCluster> future : starting) {
      try {
        SimulatedCluster cluster = future.join();
        started.put(cluster.name(), cluster);
      } catch (CompletionException e) {
        failure = e.getCause() instanceof RuntimeException r ? r : e;
      }
    }
    if (failure != null) {
      started.values().forEach(SimulatedCluster::close);
      throw failure;
    }
    return new SimulatedFleet(started);
  }

  /** The first cluster of the scenario. */
  public SimulatedCluster host() {
    return clusters.values().iterator().next();
  }

  public SimulatedCluster cluster(String name) {
    return find(name).orElseThrow(() -> new IllegalArgumentException("no simulated cluster named " + name
        + "; the fleet has " + clusters.keySet()));
  }

  public Optional<SimulatedCluster> find(String name) {
    return Optional.ofNullable(clusters.get(name));
  }

  /** The clusters in scenario order. */
  public List<SimulatedCluster> clusters() {
    return new ArrayList<>(clusters.values());
  }

  /** Cluster name to kubeconfig file, in scenario order. */
  public Map<String, Path> kubeconfigs() {
    Map<String, Path> out = new LinkedHashMap<>();
    clusters.forEach((name, cluster) -> out.put(name, cluster.kubeconfigPath()));
    return out;
  }

  @Override
  public void close() {
    clusters.values().forEach(SimulatedCluster::close);
  }
}
