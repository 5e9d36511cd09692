package io.meridian.sim;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Small pools that the informers of many fabric8 clients in one process hand their events to.
 *
 * <p>Why: fabric8 gives every client a cached pool of its own, where each busy informer holds a thread. A simulated
 * fleet of a hundred members runs, in one process, each member's own client and its cluster agent's client, twenty
 * informers and more each: close to a thousand such threads, and each watch event a hand-off to one of them. The
 * handlers they run only update caches or hand a record to a Kafka producer, so a few shared threads serve them all.
 * Each informer still delivers its events in order (fabric8 runs them one at a time per informer).
 */
public final class InformerThreads {

  /** The simulated clusters' own clients (their caches and the benchmarks' watches). */
  public static final ExecutorService SIMULATION = pool("sim-informers", 4);

  private InformerThreads() {
  }

  /** {@code size} daemon threads named {@code name-N}; they live as long as the process. */
  public static ExecutorService pool(String name, int size) {
    AtomicInteger made = new AtomicInteger();
    return Executors.newFixedThreadPool(size, runnable -> {
      Thread thread = new Thread(runnable, name + "-" + made.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    });
  }
}
