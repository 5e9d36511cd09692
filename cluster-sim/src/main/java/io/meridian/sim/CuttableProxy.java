package io.meridian.sim;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * A TCP relay in front of a simulated API server. Everyone outside the simulation reaches the
 * cluster through it; {@link #cut()} drops every open connection and refuses new ones until
 * {@link #restore()}, which is how a cluster becomes unreachable while its own controllers (which
 * talk to the server directly) keep running. TLS passes through untouched. In front of several
 * servers (replicas behind one Service) it hands each new connection to the next in turn.
 */
public final class CuttableProxy implements AutoCloseable {

  private final ServerSocket listener;
  private final List<InetSocketAddress> targets;
  private final AtomicInteger next = new AtomicInteger();
  private final AtomicIntegerArray connections;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private final Thread acceptor;
  private volatile boolean cut;
  private volatile boolean closed;

  CuttableProxy(String name, int targetPort) {
    this(name, List.of(targetPort));
  }

  /** A relay on a free loopback port to the given loopback ports, round robin per connection. */
  public CuttableProxy(String name, List<Integer> targetPorts) {
    if (targetPorts.isEmpty()) {
      throw new IllegalArgumentException("a relay needs at least one target port");
    }
    try {
      this.listener = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    this.targets = targetPorts.stream()
        .map(port -> new InetSocketAddress(InetAddress.getLoopbackAddress(), port)).toList();
    this.connections = new AtomicIntegerArray(targets.size());
    this.acceptor = new Thread(this::acceptLoop, "sim-proxy-" + name);
    acceptor.setDaemon(true);
    acceptor.start();
  }

  public int port() {
    return listener.getLocalPort();
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
    open.forEach(CuttableProxy::closeQuietly);
    open.clear();
  }

  void restore() {
    cut = false;
  }

  private void acceptLoop() {
    while (!closed) {
      Socket client;
      try {
        client = listener.accept();
      } catch (IOException e) {
        if (closed) {
          return;
        }
        continue;
      }
      if (cut) {
        closeQuietly(client);
        continue;
      }
      relay(client);
    }
  }

  private void relay(Socket client) {
    Socket upstream = new Socket();
    int index = Math.floorMod(next.getAndIncrement(), targets.size());
    try {
      upstream.connect(targets.get(index), 2_000);
      client.setTcpNoDelay(true);
      upstream.setTcpNoDelay(true);
    } catch (IOException e) {
      closeQuietly(client);
      closeQuietly(upstream);
      return;
    }
    connections.incrementAndGet(index);
    open.add(client);
    open.add(upstream);
    pump(client, upstream);
    pump(upstream, client);
  }

  private void pump(Socket from, Socket to) {
    Thread pump = new Thread(() -> {
      byte[] buffer = new byte[16 * 1024];
      try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
        int read;
        while ((read = in.read(buffer)) >= 0) {
          out.write(buffer, 0, read);
          out.flush();
        }
      } catch (IOException e) {
        // the other side went away or the link was cut
      } finally {
        closeQuietly(from);
        closeQuietly(to);
        open.remove(from);
        open.remove(to);
      }
    }, "sim-proxy-pump");
    pump.setDaemon(true);
    pump.start();
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // already closed
    }
  }

  @Override
  public void close() {
    closed = true;
    cut();
    try {
      listener.close();
    } catch (IOException e) {
      // already closed
    }
  }
}
