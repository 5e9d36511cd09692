package io.meridian.sim;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/** One entry of a scenario's {@code clusters:} list. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ClusterSpec(String name, List<ZoneSpec> zones) {

  public ClusterSpec {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a cluster needs a name");
    }
    zones = zones == null ? List.of() : List.copyOf(zones);
  }
}
