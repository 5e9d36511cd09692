package io.meridian.sim;

import io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.ext.web.client.WebClientOptions;

/**
 * The HTTP client factory of every fabric8 client in a process that holds the simulation: one Vert.x
 * instance (one event-loop group) for all of them, and pooled connections closed after 15 idle seconds.
 *
 * <p>Why: a simulated fleet runs, in one process, each cluster's API server, its controllers' client,
 * its cluster agent's client and the gateway's client for it. fabric8's own factory gives every client
 * its own Vert.x (up to four event loops, each an epoll and an eventfd descriptor), and the connections
 * a client opens for a burst of lists (one per informer at start) stay open for a minute. At 100
 * clusters that reached the process's open-file limit. Found by fabric8 through
 * {@code META-INF/services}; its priority is above the stock Vert.x factory's.
 */
public final class SharedEventLoopClients extends VertxHttpClientFactory {

  /**
   * Seconds a pooled HTTP/1 connection may stay unused before it is closed (Vert.x's default is 60). Shorter
   * frees the informers' list connections sooner, but a connection closed between two bursts of writes costs a
   * new TLS handshake: at 5 s these were a tenth of a loaded process's CPU while templates were placed.
   */
  static final int KEEP_ALIVE_SECONDS = 15;

  public SharedEventLoopClients() {
    super(Holder.VERTX);
  }

  @Override
  public int priority() {
    return 1;
  }

  @Override
  protected void additionalConfig(WebClientOptions options) {
    options.setKeepAliveTimeout(KEEP_ALIVE_SECONDS);
  }

  /** Created on first use; daemon threads, never closed (it lives as long as the process). */
  private static final class Holder {
    static final Vertx VERTX = Vertx.vertx(new VertxOptions().setUseDaemonThread(true));
  }
}
