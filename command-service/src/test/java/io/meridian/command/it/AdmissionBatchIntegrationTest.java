package io.meridian.command.it;

import static io.meridian.command.it.Infra.POSTGRES;
import static io.meridian.command.it.Infra.admissionBody;
import static io.meridian.command.it.Infra.admit;
import static io.meridian.command.it.Infra.port;
import static io.meridian.command.it.Infra.upsert;
import static io.meridian.command.ws.Manifests.cloneSet;
import static io.meridian.command.ws.Manifests.pod;
import static io.meridian.command.ws.Manifests.spread;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.meridian.command.admission.AdmissionBatchServlet;
import io.meridian.command.ws.KernelJson;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/** The batch call over HTTP: one answer per pod call, in order, each as the single call would have answered it. */
class AdmissionBatchIntegrationTest {
    private static final String CLUSTER = "member-batch";
    private static final String DB = POSTGRES.createDatabase("admission_batch");

    @Test
    void aBatchIsAnsweredInOrderAndABadElementGetsItsOwn400WithoutSinkingTheOthers() throws Exception {
        try (ConfigurableApplicationContext context = Infra.start(DB)) {
            upsert(CLUSTER, "CloneSet", "apps.kruise.io/v1alpha1", "ns", "web", cloneSet(5));
            upsert(CLUSTER, "WorkloadSpread", "apps.kruise.io/v1alpha1", "ns", "ws", spread("ws", 2));
            int port = port(context);
            await().atMost(Duration.ofSeconds(30)).until(() -> !admit(port, CLUSTER, "CREATE", pod("web-first"))
                    .path("patch").isNull());
            ArrayNode batch = KernelJson.JSON.createArrayNode();
            batch.add(admissionBody(CLUSTER, "CREATE", pod("web-1"), null));
            batch.add(admissionBody(CLUSTER, "CREATE", pod("web-bad"), null).put("cluster", ""));
            batch.add(admissionBody(CLUSTER, "DELETE", pod("web-unannotated"), null));
            batch.add(admissionBody(CLUSTER, "CREATE", pod("web-2"), null));

            HttpResponse<String> response = postBatch(port, batch.toString());

            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            JsonNode answers = KernelJson.JSON.readTree(response.body());
            assertThat(answers).hasSize(4);
            assertThat(statuses(answers)).containsExactly(200, 400, 200, 200);
            assertThat(answers.get(0).path("body").path("patch").toString()).contains("zone-a");
            assertThat(answers.get(1).path("body").path("error").asText()).isEqualTo("cluster: required");
            assertThat(answers.get(2).path("body").path("reason").asText()).contains("annotation");
            assertThat(answers.get(3).path("body").path("patch").toString()).contains("zone-b");
            assertThat(answers.get(0).path("body").path("decisionId").asText())
                    .isNotBlank().isNotEqualTo(answers.get(3).path("body").path("decisionId").asText());
        }
    }

    @Test
    void aBodyThatIsNotAnArrayIsRefusedAsAWhole() throws Exception {
        try (ConfigurableApplicationContext context = Infra.start(DB)) {
            HttpResponse<String> response = postBatch(port(context), admissionBody(CLUSTER, "CREATE", pod("web-x"), null).toString());

            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(KernelJson.JSON.readTree(response.body()).path("error").asText()).contains("JSON array");
        }
    }

    private static List<Integer> statuses(JsonNode answers) {
        return java.util.stream.StreamSupport.stream(answers.spliterator(), false).map(a -> a.path("status").asInt()).toList();
    }

    private static HttpResponse<String> postBatch(int port, String body) throws Exception {
        return Infra.HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + AdmissionBatchServlet.PATH))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
