package io.meridian.sim;

import java.time.Duration;

/**
 * How a simulated cluster behaves: how long a bound pod takes to become Running and Ready, how
 * often the controllers look at the world when nothing has changed, and whether pods are simulated
 * at all. Without pods ({@link #withoutPods()}, for benchmarks with a hundred members) the cluster
 * stores every object and keeps its nodes and faults, but runs no workload controller, scheduler,
 * kubelet or garbage collector, and does not watch its workloads: a Deployment stays a stored object
 * with no ReplicaSet or pod behind it.
 */
public record SimOptions(Duration readyDelay, Duration resync, boolean podsSimulated) {

  public static final SimOptions DEFAULTS = new SimOptions(Duration.ofSeconds(1), Duration.ofMillis(500));

  public SimOptions {
    if (readyDelay == null || readyDelay.isNegative() || resync == null || resync.isNegative() || resync.isZero()) {
      throw new IllegalArgumentException("readyDelay must be >= 0 and resync > 0");
    }
  }

  public SimOptions(Duration readyDelay, Duration resync) {
    this(readyDelay, resync, true);
  }

  public SimOptions withReadyDelay(Duration delay) {
    return new SimOptions(delay, resync, podsSimulated);
  }

  /** Objects, nodes and faults only: no workload controllers, scheduler, kubelet or garbage collector. */
  public SimOptions withoutPods() {
    return new SimOptions(readyDelay, resync, false);
  }
}
