package io.meridian.gateway.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The threads the client starts are its own: they do not carry their starter's class loader, and close stops them. */
class CommandServiceClientThreadsTest {
    private HttpServer stub;
    private String url;

    @BeforeEach
    void start() throws IOException {
        stub = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        stub.createContext("/api/admission/pods", exchange -> {
            exchange.getRequestBody().readAllBytes();
            byte[] bytes = "{\"allowed\":true}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        stub.start();
        url = "http://127.0.0.1:" + stub.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        stub.stop(0);
    }

    @Test
    void noThreadItStartsCarriesTheClassLoaderOfTheThreadThatMadeOrCalledIt() throws Exception {
        ClassLoader webApplication = new URLClassLoader(new URL[0], getClass().getClassLoader());
        AtomicReference<CommandServiceClient> made = new AtomicReference<>();
        Thread requestThread = new Thread(() -> {
            CommandServiceClient client = new CommandServiceClient(url, Duration.ofSeconds(2));
            made.set(client);
            client.postAsync("api/admission/pods", JsonNodeFactory.instance.objectNode()).join();
            client.post("api/admission/pods", JsonNodeFactory.instance.objectNode());
        });
        requestThread.setContextClassLoader(webApplication);
        requestThread.start();
        requestThread.join();

        try {
            List<String> carrying = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getContextClassLoader() == webApplication).map(Thread::getName).toList();
            assertThat(carrying).isEmpty();
        } finally {
            made.get().close();
        }
    }

    @Test
    void theOnlyThreadsItStartsAreTheThreadsItsCallsRunOn() {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        CommandServiceClient client = new CommandServiceClient(url, Duration.ofSeconds(2));
        try {
            client.postAsync("api/admission/pods", JsonNodeFactory.instance.objectNode()).join();
            client.post("api/admission/pods", JsonNodeFactory.instance.objectNode());

            List<String> started = Thread.getAllStackTraces().keySet().stream().filter(t -> !before.contains(t))
                    .filter(Thread::isAlive).map(Thread::getName).toList();
            assertThat(started).isNotEmpty().allMatch(name -> name.startsWith(CommandServiceClient.CALL_THREAD_PREFIX));
        } finally {
            client.close();
        }
    }

    @Test
    void closeStopsTheThreadsCallsRanOn() {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        CommandServiceClient client = new CommandServiceClient(url, Duration.ofSeconds(2));
        client.postAsync("api/admission/pods", JsonNodeFactory.instance.objectNode()).join();
        List<Thread> started = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> !before.contains(t))
                .filter(t -> t.getName().startsWith(CommandServiceClient.CALL_THREAD_PREFIX))
                .toList();
        assertThat(started).isNotEmpty();

        client.close();

        await().atMost(Duration.ofSeconds(5)).until(() -> started.stream().noneMatch(Thread::isAlive));
    }
}
