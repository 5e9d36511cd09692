package io.meridian.gateway.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.meridian.gateway.command.CommandAnswer;
import io.meridian.gateway.command.CommandServiceClient;
import io.meridian.gateway.command.PodCallCoalescer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Against a stub admission API that needs live owners for the pods of controller {@code pct-*} and decides
 * any request that carries them (or any other pod) at once.
 */
class LiveOwnerAdmissionTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final List<JsonNode> received = new CopyOnWriteArrayList<>();
    private final AtomicInteger chainReads = new AtomicInteger();
    private HttpServer stub;
    private CommandServiceClient commands;
    private LiveOwnerAdmission admission;

    @BeforeEach
    void start() throws IOException {
        stub = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        stub.createContext("/api/admission/pods", this::answer);
        stub.createContext("/api/admission/pods/batch", this::answerBatch);
        stub.start();
        commands = new CommandServiceClient("http://127.0.0.1:" + stub.getAddress().getPort(), Duration.ofSeconds(2));
        admission = new LiveOwnerAdmission((cluster, namespace, pod) -> {
            chainReads.incrementAndGet();
            return OwnerChain.complete(List.of(JSON.createObjectNode().put("kind", "Deployment").put("namespace", namespace)));
        }, Clock.systemUTC(), Duration.ofMinutes(10));
    }

    @AfterEach
    void stop() {
        stub.stop(0);
    }

    @Test
    void aPodTheCommandServiceNeedsLiveOwnersForIsSentAgainWithThem() {
        CommandAnswer answer = admission.post(commands, create("pct-web", "pct-web-1"));

        assertThat(received).hasSize(2);
        assertThat(received.get(0).has("liveOwners")).isFalse();
        assertThat(received.get(1).path("liveOwners").get(0).path("kind").asText()).isEqualTo("Deployment");
        assertThat(received.get(1).path("liveOwners").get(0).path("namespace").asText()).isEqualTo("pct");
        assertThat(((CommandAnswer.Answered) answer).body().path("reason").asText()).isEqualTo("decided with 1 live owner(s)");
    }

    @Test
    void throughTheCoalescerAPodThatNeedsLiveOwnersIsSentAgainWithThem() {
        PodCallCoalescer coalesced = new PodCallCoalescer(bodies -> commands.postBatch("api/admission/pods/batch", "api/admission/pods", bodies),
                2, 100, Duration.ofSeconds(2));

        CommandAnswer answer = admission.post(coalesced, create("pct-web", "pct-web-1"));

        assertThat(received).hasSize(2);
        assertThat(received.get(0).has("liveOwners")).isFalse();
        assertThat(received.get(1).path("liveOwners").get(0).path("kind").asText()).isEqualTo("Deployment");
        assertThat(((CommandAnswer.Answered) answer).body().path("reason").asText()).isEqualTo("decided with 1 live owner(s)");
    }

    @Test
    void aChainCutShortIsSentMarkedIncomplete() {
        LiveOwnerAdmission late = new LiveOwnerAdmission((cluster, namespace, pod) -> OwnerChain.cutShort(List.of()),
                Clock.systemUTC(), Duration.ofMinutes(10));

        late.post(commands, create("pct-web", "pct-web-1"));

        assertThat(received.get(1).path("liveOwnersIncomplete").asBoolean()).isTrue();
    }

    @Test
    void aCompleteChainIsNotMarked() {
        admission.post(commands, create("pct-web", "pct-web-1"));

        assertThat(received.get(1).has("liveOwnersIncomplete")).isFalse();
    }

    @Test
    void theNextPodsOfThatControllerGoWithTheirOwnersAtOnce() {
        admission.post(commands, create("pct-web", "pct-web-1"));
        received.clear();

        admission.post(commands, create("pct-web", "pct-web-2"));

        assertThat(received).hasSize(1);
        assertThat(received.get(0).path("liveOwners")).hasSize(1);
        assertThat(chainReads.get()).isEqualTo(2);
    }

    @Test
    void anyOtherPodIsSentOnceAndItsClusterIsNotRead() {
        CommandAnswer answer = admission.post(commands, create("web", "web-1"));

        assertThat(received).hasSize(1);
        assertThat(chainReads.get()).isZero();
        assertThat(((CommandAnswer.Answered) answer).body().path("reason").asText()).isEqualTo("decided");
    }

    @Test
    void aControllerIsForgottenAfterItsTime() {
        LiveOwnerAdmission forgetful = new LiveOwnerAdmission((cluster, namespace, pod) -> OwnerChain.complete(List.of()),
                Clock.systemUTC(),
                Duration.ZERO.minusMillis(1));
        forgetful.post(commands, create("pct-web", "pct-web-1"));
        received.clear();

        forgetful.post(commands, create("pct-web", "pct-web-2"));

        assertThat(received).hasSize(2);
        assertThat(received.get(0).has("liveOwners")).isFalse();
    }

    private static ObjectNode create(String controller, String pod) {
        ObjectNode body = JSON.createObjectNode().put("cluster", "member1").put("uid", "u-" + pod).put("operation", "CREATE")
                .put("dryRun", false).put("namespace", "pct");
        ObjectNode metadata = body.putObject("pod").put("apiVersion", "v1").put("kind", "Pod").putObject("metadata");
        metadata.put("name", pod);
        metadata.putArray("ownerReferences").addObject().put("apiVersion", "apps/v1").put("kind", "ReplicaSet")
                .put("name", controller).put("controller", true);
        return body;
    }

    private void answer(HttpExchange exchange) throws IOException {
        respond(exchange, answerFor(JSON.readTree(exchange.getRequestBody())));
    }

    /** The batch call: each pod call answered as the single call would be. */
    private void answerBatch(HttpExchange exchange) throws IOException {
        ArrayNode answers = JSON.createArrayNode();
        for (JsonNode request : JSON.readTree(exchange.getRequestBody())) {
            answers.addObject().put("status", 200).set("body", answerFor(request));
        }
        respond(exchange, answers);
    }

    private ObjectNode answerFor(JsonNode request) {
        received.add(request);
        String controller = request.path("pod").path("metadata").path("ownerReferences").path(0).path("name").asText();
        ObjectNode answer = JSON.createObjectNode().put("allowed", true).putNull("patch").put("decisionId", "d-1").putNull("denial");
        if (request.has("liveOwners")) {
            answer.put("reason", "decided with " + request.path("liveOwners").size() + " live owner(s)");
        } else if (controller.startsWith("pct-")) {
            answer.put("reason", "uses percentages").put("needsLiveOwners", true);
        } else {
            answer.put("reason", "decided");
        }
        return answer;
    }

    private static void respond(HttpExchange exchange, JsonNode answer) throws IOException {
        byte[] body = answer.toString().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }
}
