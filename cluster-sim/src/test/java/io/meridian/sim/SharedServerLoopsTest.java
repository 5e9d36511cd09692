package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.MockResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

class SharedServerLoopsTest {
  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void aServerOnTheSharedLoopsAnswersRequests() throws Exception {
    MockWebServer server = started("first");
    try {
      assertThat(get(server)).isEqualTo("first");
    } finally {
      server.shutdown();
    }
  }

  @Test
  void aServerShutDownLeavesTheOthersOnTheSharedLoopsServing() throws Exception {
    MockWebServer leaving = started("leaving");
    MockWebServer staying = started("staying", "staying again");
    try {
      assertThat(get(staying)).isEqualTo("staying");
      leaving.shutdown();

      assertThat(get(staying)).isEqualTo("staying again");
    } finally {
      staying.shutdown();
    }
  }

  private static MockWebServer started(String... bodies) {
    MockWebServer server = SharedServerLoops.server();
    for (String body : bodies) {
      server.enqueue(new MockResponse().setBody(body));
    }
    server.start(InetAddress.getLoopbackAddress(), 0);
    return server;
  }

  private String get(MockWebServer server) throws IOException, InterruptedException {
    URI uri = URI.create("http://127.0.0.1:" + server.getPort() + "/");
    return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()).body();
  }
}
