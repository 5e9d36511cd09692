package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CuttableProxyTest {

  private final List<EchoServer> servers = new ArrayList<>();

  @AfterEach
  void stop() {
    servers.forEach(EchoServer::close);
  }

  @Test
  void relaysBytesBothWays() throws IOException {
    EchoServer echo = echo("one");
    try (CuttableProxy proxy = new CuttableProxy("relay", List.of(echo.port()));
         Socket socket = connect(proxy)) {
      assertThat(roundTrip(socket, "hello")).isEqualTo("one:hello");
      assertThat(roundTrip(socket, "again")).isEqualTo("one:again");
    }
  }

  @Test
  void relaysALargeMessageWhole() throws IOException {
    EchoServer echo = echo("big");
    String large = "x".repeat(1_000_000);
    try (CuttableProxy proxy = new CuttableProxy("large", List.of(echo.port()));
         Socket socket = connect(proxy)) {
      assertThat(roundTrip(socket, large)).isEqualTo("big:" + large);
    }
  }

  @Test
  void aCutDropsOpenConnectionsAndRefusesNewOnesUntilRestored() throws IOException {
    EchoServer echo = echo("cut");
    try (CuttableProxy proxy = new CuttableProxy("cuttable", List.of(echo.port()))) {
      Socket open = connect(proxy);
      assertThat(roundTrip(open, "before")).isEqualTo("cut:before");

      proxy.cut();

      assertThat(proxy.isCut()).isTrue();
      assertThat(open.getInputStream().read()).as("the open connection is dropped").isEqualTo(-1);
      try (Socket refused = connect(proxy)) {
        assertThat(refused.getInputStream().read()).as("a new connection is closed at once").isEqualTo(-1);
      }

      proxy.restore();

      try (Socket again = connect(proxy)) {
        assertThat(roundTrip(again, "after")).isEqualTo("cut:after");
      }
      open.close();
    }
  }

  @Test
  void theServerClosingItsSideClosesTheClientsSide() throws IOException {
    EchoServer echo = echo("closing");
    try (CuttableProxy proxy = new CuttableProxy("closing", List.of(echo.port()));
         Socket socket = connect(proxy)) {
      assertThat(roundTrip(socket, "first")).isEqualTo("closing:first");

      echo.dropConnections();

      assertThat(socket.getInputStream().read()).isEqualTo(-1);
    }
  }

  @Test
  void clientsThatLeaveAtOnceLeaveNoUpstreamConnectionOpen() throws IOException {
    EchoServer echo = echo("leaving");
    try (CuttableProxy proxy = new CuttableProxy("leaving", List.of(echo.port()))) {
      for (int i = 0; i < 50; i++) {
        connect(proxy).close();
      }

      await().atMost(Duration.ofSeconds(10)).until(() -> echo.served() == 50 && echo.open() == 0);
    }
  }

  @Test
  void newConnectionsGoToTheTargetsInTurn() throws IOException {
    EchoServer first = echo("first");
    EchoServer second = echo("second");
    try (CuttableProxy proxy = new CuttableProxy("turns", List.of(first.port(), second.port()))) {
      List<String> answers = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        try (Socket socket = connect(proxy)) {
          answers.add(roundTrip(socket, "n"));
        }
      }
      assertThat(answers).containsExactly("first:n", "second:n", "first:n", "second:n");
      assertThat(proxy.connections(0)).isEqualTo(2);
      assertThat(proxy.connections(1)).isEqualTo(2);
    }
  }

  @Test
  void relaysWithoutAThreadPerConnection() throws IOException {
    EchoServer echo = echo("threads");
    try (CuttableProxy proxy = new CuttableProxy("threads", List.of(echo.port()))) {
      long before = Thread.activeCount();
      List<Socket> sockets = new ArrayList<>();
      try {
        for (int i = 0; i < 50; i++) {
          Socket socket = connect(proxy);
          sockets.add(socket);
          roundTrip(socket, "t");
        }
        // the echo server has a thread per connection (50); the relay adds none of its own
        assertThat(Thread.activeCount() - before).isLessThan(60);
      } finally {
        for (Socket socket : sockets) {
          socket.close();
        }
      }
    }
  }

  private EchoServer echo(String name) throws IOException {
    EchoServer server = new EchoServer(name);
    servers.add(server);
    return server;
  }

  private static Socket connect(CuttableProxy proxy) throws IOException {
    Socket socket = new Socket(InetAddress.getLoopbackAddress(), proxy.port());
    socket.setSoTimeout(10_000);
    return socket;
  }

  /** Sends a line and reads the answer line (the echo server prefixes its name). */
  private static String roundTrip(Socket socket, String line) throws IOException {
    OutputStream out = socket.getOutputStream();
    out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    out.flush();
    InputStream in = socket.getInputStream();
    StringBuilder answer = new StringBuilder();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b < 0) {
        throw new IOException("connection closed after " + answer.length() + " bytes");
      }
      answer.append((char) b);
    }
    return answer.toString();
  }

  /** Answers each line with "name:line"; one thread per connection (it is the test's, not the relay's). */
  private static final class EchoServer implements AutoCloseable {
    private final String name;
    private final ServerSocket listener;
    private final List<Socket> accepted = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final java.util.concurrent.atomic.AtomicInteger ended = new java.util.concurrent.atomic.AtomicInteger();

    EchoServer(String name) throws IOException {
      this.name = name;
      this.listener = new ServerSocket(0, 100, InetAddress.getLoopbackAddress());
      Thread acceptor = new Thread(this::accept, "echo-" + name);
      acceptor.setDaemon(true);
      acceptor.start();
    }

    int port() {
      return listener.getLocalPort();
    }

    /** Connections accepted so far. */
    int served() {
      return accepted.size();
    }

    /** Connections accepted and not yet closed by the other side. */
    int open() {
      return accepted.size() - ended.get();
    }

    void dropConnections() throws IOException {
      for (Socket socket : accepted) {
        socket.close();
      }
    }

    private void accept() {
      while (!listener.isClosed()) {
        try {
          Socket socket = listener.accept();
          accepted.add(socket);
          Thread serve = new Thread(() -> serve(socket), "echo-" + name + "-conn");
          serve.setDaemon(true);
          serve.start();
        } catch (IOException e) {
          return;
        }
      }
    }

    private void serve(Socket socket) {
      try (socket) {
        InputStream in = new java.io.BufferedInputStream(socket.getInputStream());
        OutputStream out = socket.getOutputStream();
        java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
        for (int b = in.read(); b >= 0; b = in.read()) {
          if (b == '\n') {
            out.write((name + ":").getBytes(StandardCharsets.UTF_8));
            line.writeTo(out);
            out.write('\n');
            out.flush();
            line.reset();
          } else {
            line.write(b);
          }
        }
      } catch (IOException e) {
        // closed
      } finally {
        ended.incrementAndGet();
      }
    }

    @Override
    public void close() {
      try {
        listener.close();
        dropConnections();
      } catch (IOException e) {
        // already closed
      }
    }
  }
}
