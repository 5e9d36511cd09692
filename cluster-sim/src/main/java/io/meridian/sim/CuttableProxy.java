package io.meridian.sim;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetServerOptions;
import io.vertx.core.net.NetSocket;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * A TCP relay in front of loopback servers, handing each new connection to the next in turn (replicas
 * behind one Service: the end-to-end tests put two gateways behind one). {@link #cut()} drops every open
 * connection and refuses new ones until {@link #restore()}. TLS passes through untouched. (Simulated
 * members are cut at their API server's own outside port instead, {@link OutsideEndpoint}.)
 *
 * <p>The bytes are moved by a small event-loop group shared by every relay of the process, not by
 * threads of their own (when every simulated member stood behind a relay, two blocking threads per
 * connection were half the threads of a benchmark's process).
 */
public final class CuttableProxy implements AutoCloseable {

  private static final String LOOPBACK = "127.0.0.1";
  private static final int CONNECT_TIMEOUT_MS = 2_000;

  private final List<Integer> targets;
  private final NetServer server;
  private final NetClient client;
  private final AtomicInteger next = new AtomicInteger();
  private final AtomicIntegerArray connections;
  private final Set<NetSocket> open = ConcurrentHashMap.newKeySet();
  private volatile boolean cut;

  CuttableProxy(String name, int targetPort) {
    this(name, List.of(targetPort));
  }

  /** A relay on a free loopback port to the given loopback ports, round robin per connection. */
  public CuttableProxy(String name, List<Integer> targetPorts) {
    if (targetPorts.isEmpty()) {
      throw new IllegalArgumentException("a relay needs at least one target port");
    }
    this.targets = List.copyOf(targetPorts);
    this.connections = new AtomicIntegerArray(targets.size());
    Vertx vertx = Relays.VERTX;
    this.client = vertx.createNetClient(new NetClientOptions().setConnectTimeout(CONNECT_TIMEOUT_MS).setTcpNoDelay(true));
    this.server = vertx.createNetServer(new NetServerOptions().setHost(LOOPBACK).setPort(0).setAcceptBacklog(200)
        .setTcpNoDelay(true)).connectHandler(this::accepted);
    try {
      server.listen().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while relay " + name + " started to listen", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("relay " + name + " cannot listen: " + e.getMessage(), e);
    }
  }

  public int port() {
    return server.actualPort();
  }

  /** How many connections were relayed to the {@code index}-th target port. */
  public int connections(int index) {
    return connections.get(index);
  }

  boolean isCut() {
    return cut;
  }

  void cut() {
    cut = true;
    open.forEach(NetSocket::close);
  }

  void restore() {
    cut = false;
  }

  /** Holds the client's bytes until the upstream connection is made, then pipes both ways. */
  private void accepted(NetSocket downstream) {
    if (cut) {
      downstream.close();
      return;
    }
    downstream.pause();
    AtomicBoolean gone = new AtomicBoolean();
    downstream.closeHandler(closed -> gone.set(true));
    int index = Math.floorMod(next.getAndIncrement(), targets.size());
    client.connect(targets.get(index), LOOPBACK).onComplete(connected -> {
      if (connected.failed()) {
        downstream.close();
        return;
      }
      NetSocket upstream = connected.result();
      connections.incrementAndGet(index);
      link(downstream, upstream);
      downstream.resume();
      if (cut || gone.get()) {
        // cut meanwhile, or the client left while the upstream connection was made
        release(downstream, upstream);
      }
    });
  }

  private void link(NetSocket downstream, NetSocket upstream) {
    open.add(downstream);
    open.add(upstream);
    downstream.closeHandler(closed -> release(downstream, upstream));
    upstream.closeHandler(closed -> release(upstream, downstream));
    downstream.pipeTo(upstream);
    upstream.pipeTo(downstream);
  }

  private void release(NetSocket closed, NetSocket other) {
    open.remove(closed);
    open.remove(other);
    closed.close();
    other.close();
  }

  @Override
  public void close() {
    cut();
    server.close();
    client.close();
  }

  /** The event loops of every relay in the process: created on first use, daemon threads, never closed. */
  private static final class Relays {
    static final Vertx VERTX = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(2).setUseDaemonThread(true));
  }
}
