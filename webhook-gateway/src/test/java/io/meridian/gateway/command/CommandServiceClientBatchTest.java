package io.meridian.gateway.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The batch call over HTTP against a stub command-service: one answer per pod call, in order; a failed call fails each. */
class CommandServiceClientBatchTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PATH = "api/admission/pods/batch";
    private static final String SINGLE = "api/admission/pods";

    private HttpServer stub;
    private final AtomicReference<JsonNode> received = new AtomicReference<>();
    private volatile int status = 200;
    private volatile String answer = "[]";
    private volatile long delayMillis;
    private CommandServiceClient client;

    @BeforeEach
    void start() throws IOException {
        stub = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        stub.createContext("/" + PATH, exchange -> {
            received.set(JSON.readTree(exchange.getRequestBody()));
            pause(delayMillis);
            byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        stub.createContext("/" + SINGLE, exchange -> {
            String name = JSON.readTree(exchange.getRequestBody()).path("pod").path("metadata").path("name").asText();
            byte[] bytes = JSON.createObjectNode().put("reason", "alone " + name).toString().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        stub.start();
        client = new CommandServiceClient("http://127.0.0.1:" + stub.getAddress().getPort(), Duration.ofSeconds(2));
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @AfterEach
    void stop() {
        stub.stop(0);
    }

    @Test
    void thePodCallsGoAsOneJsonArrayAndEachGetsItsOwnAnswerInOrder() throws Exception {
        answer = "[{\"status\":200,\"body\":{\"reason\":\"first\"}},{\"status\":400,\"body\":{\"error\":\"cluster: required\"}},"
                + "{\"status\":200,\"body\":{\"reason\":\"third\"}}]";

        List<CommandAnswer> answers = client.postBatch(PATH, SINGLE, List.of(call("a"), call("b"), call("c"))).get();

        assertThat(received.get()).isEqualTo(JSON.createArrayNode().add(call("a")).add(call("b")).add(call("c")));
        assertThat(answers).containsExactly(new CommandAnswer.Answered(JSON.readTree("{\"reason\":\"first\"}")),
                new CommandAnswer.Unavailable(CommandAnswer.Cause.BAD_ANSWER, "HTTP 400"),
                new CommandAnswer.Answered(JSON.readTree("{\"reason\":\"third\"}")));
    }

    @Test
    void aRefusedBatchCallFailsEachPodCallAsTheSingleCallWould() throws Exception {
        status = 503;
        answer = "{}";

        List<CommandAnswer> answers = client.postBatch(PATH, SINGLE, List.of(call("a"), call("b"))).get();

        assertThat(answers).containsExactly(new CommandAnswer.Unavailable(CommandAnswer.Cause.BAD_ANSWER, "HTTP 503"),
                new CommandAnswer.Unavailable(CommandAnswer.Cause.BAD_ANSWER, "HTTP 503"));
    }

    @Test
    void aCommandServiceWithoutTheBatchEndpointGetsEachPodCallAlone() throws Exception {
        status = 404;
        answer = "{}";

        List<CommandAnswer> answers = client.postBatch(PATH, SINGLE, List.of(call("a"), call("b"))).get();

        assertThat(answers).containsExactly(new CommandAnswer.Answered(JSON.readTree("{\"reason\":\"alone a\"}")),
                new CommandAnswer.Answered(JSON.readTree("{\"reason\":\"alone b\"}")));
    }

    @Test
    void anAnswerWithTooFewElementsFailsEveryPodCall() throws Exception {
        answer = "[{\"status\":200,\"body\":{\"reason\":\"first\"}}]";

        List<CommandAnswer> answers = client.postBatch(PATH, SINGLE, List.of(call("a"), call("b"))).get();

        assertThat(answers).hasSize(2).allSatisfy(a -> assertThat(a).isInstanceOfSatisfying(CommandAnswer.Unavailable.class,
                unavailable -> assertThat(unavailable.cause()).isEqualTo(CommandAnswer.Cause.BAD_ANSWER)));
    }

    @Test
    void anUnreachableCommandServiceFailsEveryPodCallAsUnreachable() throws Exception {
        stub.stop(0);

        List<CommandAnswer> answers = client.postBatch(PATH, SINGLE, List.of(call("a"), call("b"))).get();

        assertThat(answers).hasSize(2).allSatisfy(a -> assertThat(a).isInstanceOfSatisfying(CommandAnswer.Unavailable.class,
                unavailable -> assertThat(unavailable.cause()).isEqualTo(CommandAnswer.Cause.UNREACHABLE)));
    }

    @Test
    void aCommandServiceThatDoesNotAnswerInTimeFailsEveryPodCallAsATimeout() throws Exception {
        answer = "[{\"status\":200,\"body\":{}},{\"status\":200,\"body\":{}}]";
        delayMillis = 1_500;
        CommandServiceClient impatient = new CommandServiceClient("http://127.0.0.1:" + stub.getAddress().getPort(),
                Duration.ofMillis(300));
        try {
            List<CommandAnswer> answers = impatient.postBatch(PATH, SINGLE, List.of(call("a"), call("b"))).get();

            assertThat(answers).hasSize(2).allSatisfy(a -> assertThat(a).isInstanceOfSatisfying(CommandAnswer.Unavailable.class,
                    unavailable -> assertThat(unavailable.cause()).isEqualTo(CommandAnswer.Cause.TIMEOUT)));
        } finally {
            impatient.close();
        }
    }

    @Test
    void theAnswerOfACallIsHandledOnTheClientsCallThreadsNotOnANewThreadOfItsOwn() throws Exception {
        answer = "[{\"status\":200,\"body\":{\"reason\":\"first\"}}]";
        delayMillis = 200;

        String handledOn = client.postBatch(PATH, SINGLE, List.of(call("a"))).thenApply(a -> Thread.currentThread().getName()).get();

        assertThat(handledOn).startsWith(CommandServiceClient.CALL_THREAD_PREFIX);
    }

    private static JsonNode call(String name) {
        var body = JSON.createObjectNode().put("cluster", "member1").put("operation", "CREATE");
        body.putObject("pod").putObject("metadata").put("name", name);
        return body;
    }
}
