package io.meridian.sim;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP relay in front of a simulated API server. Everyone outside the simulation reaches the
 * cluster through it; {@link #cut()} drops every open connection and refuses new ones until
 * {@link #restore()}, which is how a cluster becomes unreachable while its own controllers (which
 * talk to the server directly) keep running. TLS passes through untouched.
 */
final class CuttableProxy implements AutoCloseable {

  private final ServerSocket listener;
  private final InetSocketAddress target;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private final Thread acceptor;
  private volatile boolean cut;
  private volatile boolean closed;

  CuttableProxy(String name, int targetPort) {
    try {
      this.listener = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    this.target = new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort);
    this.acceptor = new Thread(this::acceptLoop, "sim-proxy-" + name);
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return listener.getLocalPort();
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
    try {
      upstream.connect(target, 2_000);
      client.setTcpNoDelay(true);
      upstream.setTcpNoDelay(true);
    } catch (IOException e) {
      closeQuietly(client);
      closeQuietly(upstream);
      return;
    }
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
