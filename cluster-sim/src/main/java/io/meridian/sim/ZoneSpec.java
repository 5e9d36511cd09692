package io.meridian.sim;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.fabric8.kubernetes.api.model.Taint;
import java.util.List;
import java.util.Map;

/**
 * A zone of a simulated cluster: {@code nodes} nodes named {@code <name>-<index>}, each labelled
 * {@code topology.kubernetes.io/zone=<name>} plus {@code labels}, carrying {@code taints}, with
 * room for {@code podsPerNode} pods.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ZoneSpec(String name, int nodes, int podsPerNode, Map<String, String> labels, List<Taint> taints) {

  public ZoneSpec {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a zone needs a name");
    }
    if (nodes < 0 || podsPerNode < 0) {
      throw new IllegalArgumentException("zone " + name + ": nodes and podsPerNode must not be negative");
    }
    labels = labels == null ? Map.of() : Map.copyOf(labels);
    taints = taints == null ? List.of() : List.copyOf(taints);
  }

  public ZoneSpec(String name, int nodes, int podsPerNode) {
    this(name, nodes, podsPerNode, Map.of(), List.of());
  }
}
