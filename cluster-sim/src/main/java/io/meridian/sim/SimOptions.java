package io.meridian.sim;

import java.time.Duration;

/**
 * How a simulated cluster behaves: how long a bound pod takes to become Running and Ready, and
 * how often the controllers look at the world when nothing has changed.
 */
public record SimOptions(Duration readyDelay, Duration resync) {

  public static final SimOptions DEFAULTS = new SimOptions(Duration.ofSeconds(1), Duration.ofMillis(500));

  public SimOptions {
    if (readyDelay == null || readyDelay.isNegative() || resync == null || resync.isNegative() || resync.isZero()) {
      throw new IllegalArgumentException("readyDelay must be >= 0 and resync > 0");
    }
  }

  public SimOptions withReadyDelay(Duration delay) {
    return new SimOptions(delay, resync);
  }
}
