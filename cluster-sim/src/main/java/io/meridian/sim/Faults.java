package io.meridian.sim;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The faults injected into one cluster; the simulation loop turns them into node state. */
final class Faults {

  final Set<String> fullZones = ConcurrentHashMap.newKeySet();
  final Set<String> notReadyNodes = ConcurrentHashMap.newKeySet();
  private volatile boolean unreachable;

  boolean unreachable() {
    return unreachable;
  }

  void unreachable(boolean value) {
    unreachable = value;
  }

  void clear() {
    fullZones.clear();
    notReadyNodes.clear();
    unreachable = false;
  }
}
