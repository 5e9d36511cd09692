package io.meridian.gateway.admission;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.meridian.gateway.GatewayHttps;
import io.meridian.gateway.tls.TlsBootstrap;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The webhooks over HTTPS against a stub command-service: requests built, answers mapped, fail open on timeout. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AdmissionHandlersTest {
    static final Path TLS = TlsBootstrap.certificateDirectory(null, List.of("localhost"), Instant.now());
    static final ObjectMapper JSON = new ObjectMapper();
    /** The last request the stub got, by the name of the pod or object in it. */
    static final Map<String, JsonNode> RECEIVED = new ConcurrentHashMap<>();
    static final HttpServer COMMANDS = stubCommandService();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TlsBootstrap.serverProperties(TLS).forEach((k, v) -> registry.add(k, () -> v));
        registry.add("meridian.command.url", () -> "http://127.0.0.1:" + COMMANDS.getAddress().getPort());
        registry.add("meridian.command.timeout", () -> "400ms");
        registry.add("meridian.default-cluster", () -> "member1");
    }

    @AfterAll
    static void stop() {
        COMMANDS.stop(0);
    }

    /** The member clusters hold one pod, deploy/web-8, with the annotation the WorkloadSpread bookkeeping reads. */
    @TestConfiguration
    static class OnePodInMember1 {
        @Bean
        @Primary
        PodLookup onePod() {
            return (cluster, namespace, name) -> "member1".equals(cluster) && "web-8".equals(name)
                    ? Optional.of(read("{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"web-8\",\"namespace\":\"deploy\","
                            + "\"annotations\":{\"apps.kruise.io/matched-workloadspread\":\"{\\\"name\\\":\\\"ws\\\",\\\"subset\\\":\\\"ack\\\"}\"}}}"))
                    : Optional.empty();
        }
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    @LocalServerPort
    int port;
    @Autowired
    MeterRegistry meters;

    /**
     * The stub decides by the object's name: {@code slow-*} answers after the gateway's timeout, {@code deny-*}
     * denies, {@code invalid-*} has two field errors, {@code bad-*} has one; any other pod gets a patch.
     */
    private static HttpServer stubCommandService() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/api/", AdmissionHandlersTest::answer);
            server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
            server.start();
            return server;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String answerFor(JsonNode request, String path) {
        JsonNode object = request.has("pod") ? request.get("pod") : request.get("object");
        String name = object.path("metadata").path("name").asText(object.path("metadata").path("generateName").asText());
        RECEIVED.put(name, request);
        String answer;
        if (name.startsWith("slow-")) {
            sleep(1500);
            answer = "{\"allowed\":true,\"patch\":null}";
        } else if (path.startsWith("/api/validation/")) {
            answer = name.startsWith("invalid-")
                    ? "{\"allowed\":false,\"errors\":[\"spec.subsets[1].maxReplicas: Invalid value: -1: must be greater than or equal to 0\","
                      + "\"spec.subsets[0].name: Required value\",\"spec.subsets[0].name: Required value\"]}"
                    : name.startsWith("bad-") ? "{\"allowed\":false,\"errors\":[\"spec.targetRef: Required value\"]}"
                    : "{\"allowed\":true,\"errors\":[]}";
        } else if (name.startsWith("deny-")) {
            answer = "{\"allowed\":false,\"patch\":null,\"decisionId\":\"d-9\",\"reason\":\"no subset\","
                    + "\"denial\":{\"code\":403,\"message\":\"no subset of ws-demo can take the pod\"}}";
        } else if ("CREATE".equals(request.path("operation").asText())) {
            answer = "{\"allowed\":true,\"decisionId\":\"d-1\",\"reason\":\"chose ack\",\"denial\":null,\"patch\":["
                    + "{\"op\":\"add\",\"path\":\"/metadata/annotations\",\"value\":{\"apps.kruise.io/matched-workloadspread\":"
                    + "\"{\\\"name\\\":\\\"ws-demo\\\",\\\"subset\\\":\\\"ack\\\"}\"}}]}";
        } else {
            answer = "{\"allowed\":true,\"patch\":null,\"decisionId\":\"d-2\",\"reason\":\"recorded\",\"denial\":null}";
        }
        return answer;
    }

    /** A batch of pod calls is answered element by element, each as the single call would be. */
    private static void answer(HttpExchange exchange) throws IOException {
        JsonNode request = JSON.readTree(exchange.getRequestBody());
        String path = exchange.getRequestURI().getPath();
        String answer;
        if (request.isArray()) {
            StringBuilder answers = new StringBuilder("[");
            for (JsonNode element : request) {
                answers.append(answers.length() > 1 ? "," : "").append("{\"status\":200,\"body\":")
                        .append(answerFor(element, path)).append('}');
            }
            answer = answers.append(']').toString();
        } else {
            answer = answerFor(request, path);
        }
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        try {
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
        } catch (IOException gatewayGaveUp) {
            // the gateway stopped waiting
        }
        exchange.close();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String review(String operation, String kind, String resource, String subResource, String name,
                                 String object, String oldObject) {
        return "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"request\":{\"uid\":\"uid-" + name + "\","
                + "\"kind\":" + kind + ",\"resource\":" + resource
                + (subResource == null ? "" : ",\"subResource\":\"" + subResource + "\"")
                + ",\"operation\":\"" + operation + "\",\"namespace\":\"deploy\",\"name\":\"" + name + "\""
                + (object == null ? "" : ",\"object\":" + object) + (oldObject == null ? "" : ",\"oldObject\":" + oldObject) + "}}";
    }

    private static final String POD_KIND = "{\"group\":\"\",\"version\":\"v1\",\"kind\":\"Pod\"}";
    private static final String PODS = "{\"group\":\"\",\"version\":\"v1\",\"resource\":\"pods\"}";

    private static String pod(String name) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"" + name + "\",\"namespace\":\"deploy\","
                + "\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":[{\"name\":\"main\",\"image\":\"nginx\"}]}}";
    }

    private static String workloadSpread(String name) {
        return "{\"apiVersion\":\"apps.kruise.io/v1alpha1\",\"kind\":\"WorkloadSpread\",\"metadata\":{\"name\":\"" + name
                + "\",\"namespace\":\"deploy\"},\"spec\":{\"subsets\":[]}}";
    }

    @Test
    void aPodCreateGetsTheDecisionsPatchAsBase64JsonPatchAndTheClusterFromTheQuery() throws Exception {
        JsonNode response = admit("/mutate-pods?cluster=member2", review("CREATE", POD_KIND, PODS, null, "web-1", pod("web-1"), null));

        assertThat(response.path("uid").asText()).isEqualTo("uid-web-1");
        assertThat(response.path("allowed").asBoolean()).isTrue();
        assertThat(response.path("patchType").asText()).isEqualTo("JSONPatch");
        JsonNode patch = JSON.readTree(Base64.getDecoder().decode(response.path("patch").asText()));
        assertThat(patch.get(0).path("path").asText()).isEqualTo("/metadata/annotations");
        assertThat(response.path("auditAnnotations").path("decision-id").asText()).isEqualTo("d-1");
        JsonNode sent = RECEIVED.get("web-1");
        assertThat(sent.path("cluster").asText()).isEqualTo("member2");
        assertThat(sent.path("uid").asText()).isEqualTo("uid-web-1");
        assertThat(sent.path("operation").asText()).isEqualTo("CREATE");
        assertThat(sent.path("dryRun").asBoolean()).isFalse();
        assertThat(sent.path("namespace").asText()).isEqualTo("deploy");
        assertThat(sent.path("pod").path("spec").path("containers").get(0).path("image").asText()).isEqualTo("nginx");
    }

    @Test
    void withoutAClusterInTheQueryTheDefaultClusterAsks() throws Exception {
        admit("/mutate-pods", review("CREATE", POD_KIND, PODS, null, "web-2", pod("web-2"), null));

        assertThat(RECEIVED.get("web-2").path("cluster").asText()).isEqualTo("member1");
    }

    @Test
    void theClusterMayBeTheLastPathSegmentAsKubernetesAllowsNoQueryInAWebhookUrl() throws Exception {
        JsonNode response = admit("/mutate-pods/member3", review("CREATE", POD_KIND, PODS, null, "web-6", pod("web-6"), null));

        assertThat(response.path("allowed").asBoolean()).isTrue();
        assertThat(RECEIVED.get("web-6").path("cluster").asText()).isEqualTo("member3");
        assertThat(post("/mutate-pods/member3?cluster=member4", review("CREATE", POD_KIND, PODS, null, "web-7", pod("web-7"), null))
                .statusCode()).isEqualTo(400);
    }

    @Test
    void anInvalidClusterNameIsABadRequest() throws Exception {
        HttpResponse<String> response = post("/mutate-pods?cluster=../etc", review("CREATE", POD_KIND, PODS, null, "web-x",
                pod("web-x"), null));

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).startsWith("cluster: not a valid cluster name");
    }

    @Test
    void aDenialIsAllowedFalseWithTheStatusCodeAndMessage() throws Exception {
        JsonNode response = admit("/mutate-pods", review("CREATE", POD_KIND, PODS, null, "deny-1", pod("deny-1"), null));

        assertThat(response.path("allowed").asBoolean()).isFalse();
        assertThat(response.path("status").path("code").asInt()).isEqualTo(403);
        assertThat(response.path("status").path("message").asText()).isEqualTo("no subset of ws-demo can take the pod");
        assertThat(response.has("patch")).isFalse();
    }

    @Test
    void aSlowCommandServiceAdmitsThePodUnchangedAndCountsIt() throws Exception {
        double before = failOpen("/mutate-pods", "timeout");
        long started = System.nanoTime();

        JsonNode response = admit("/mutate-pods", review("CREATE", POD_KIND, PODS, null, "slow-1", pod("slow-1"), null));

        assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(1400);
        assertThat(response.path("allowed").asBoolean()).isTrue();
        assertThat(response.has("patch")).isFalse();
        assertThat(response.path("warnings").get(0).asText()).contains("without a placement decision");
        assertThat(failOpen("/mutate-pods", "timeout")).isEqualTo(before + 1);
    }

    @Test
    void aPodDeleteIsBookkeptWithTheOldObjectAndAllowed() throws Exception {
        JsonNode response = admit("/validate-pods?cluster=member2", review("DELETE", POD_KIND, PODS, null, "web-3", null, pod("web-3")));

        assertThat(response.path("allowed").asBoolean()).isTrue();
        JsonNode sent = RECEIVED.get("web-3");
        assertThat(sent.path("operation").asText()).isEqualTo("DELETE");
        assertThat(sent.path("cluster").asText()).isEqualTo("member2");
        assertThat(sent.path("pod").path("metadata").path("labels").path("app").asText()).isEqualTo("web");
    }

    @Test
    void anEvictionIsBookkeptAsEvictAndADryRunEvictionSaysSo() throws Exception {
        String eviction = "{\"apiVersion\":\"policy/v1\",\"kind\":\"Eviction\",\"metadata\":{\"name\":\"web-4\",\"namespace\":\"deploy\"},"
                + "\"deleteOptions\":{\"dryRun\":[\"All\"]}}";
        JsonNode response = admit("/validate-pods", review("CREATE",
                "{\"group\":\"policy\",\"version\":\"v1\",\"kind\":\"Eviction\"}", PODS, "eviction", "web-4", eviction, null));

        assertThat(response.path("allowed").asBoolean()).isTrue();
        JsonNode sent = RECEIVED.get("web-4");
        assertThat(sent.path("operation").asText()).isEqualTo("EVICT");
        assertThat(sent.path("dryRun").asBoolean()).isTrue();
        assertThat(sent.path("pod").path("metadata").path("namespace").asText()).isEqualTo("deploy");
    }

    @Test
    void anEvictedPodIsReadFromItsClusterSoTheBookkeepingSeesItsAnnotations() throws Exception {
        String eviction = "{\"apiVersion\":\"policy/v1\",\"kind\":\"Eviction\",\"metadata\":{\"name\":\"web-8\",\"namespace\":\"deploy\"}}";
        admit("/validate-pods", review("CREATE", "{\"group\":\"policy\",\"version\":\"v1\",\"kind\":\"Eviction\"}", PODS,
                "eviction", "web-8", eviction, null));

        JsonNode sent = RECEIVED.get("web-8");
        assertThat(sent.path("operation").asText()).isEqualTo("EVICT");
        assertThat(sent.path("dryRun").asBoolean()).isFalse();
        assertThat(sent.path("pod").path("metadata").path("annotations").path("apps.kruise.io/matched-workloadspread").asText())
                .contains("\"subset\":\"ack\"");
    }

    @Test
    void aSlowCommandServiceStillAllowsADelete() throws Exception {
        JsonNode response = admit("/validate-pods", review("DELETE", POD_KIND, PODS, null, "slow-2", null, pod("slow-2")));

        assertThat(response.path("allowed").asBoolean()).isTrue();
    }

    @Test
    void anInvalidWorkloadSpreadIsDeniedWithTheFieldErrorsJoinedAsKubernetesDoes() throws Exception {
        JsonNode response = admit("/validate-workloadspreads?cluster=member1", review("CREATE",
                "{\"group\":\"apps.kruise.io\",\"version\":\"v1alpha1\",\"kind\":\"WorkloadSpread\"}",
                "{\"group\":\"apps.kruise.io\",\"version\":\"v1alpha1\",\"resource\":\"workloadspreads\"}", null, "invalid-ws",
                workloadSpread("invalid-ws"), null));

        assertThat(response.path("allowed").asBoolean()).isFalse();
        assertThat(response.path("status").path("code").asInt()).isEqualTo(422);
        assertThat(response.path("status").path("message").asText()).isEqualTo(
                "[spec.subsets[1].maxReplicas: Invalid value: -1: must be greater than or equal to 0, spec.subsets[0].name: Required value]");
        JsonNode sent = RECEIVED.get("invalid-ws");
        assertThat(sent.path("operation").asText()).isEqualTo("CREATE");
        assertThat(sent.path("oldObject").isNull()).isTrue();
        assertThat(sent.path("object").path("kind").asText()).isEqualTo("WorkloadSpread");
    }

    @Test
    void oneErrorIsTheMessageItselfAndKarmadaKindsAreForbidden() throws Exception {
        String policy = "{\"apiVersion\":\"policy.karmada.io/v1alpha1\",\"kind\":\"PropagationPolicy\",\"metadata\":{\"name\":\"bad-pp\"},\"spec\":{}}";
        JsonNode response = admit("/validate-propagationpolicies", review("UPDATE",
                "{\"group\":\"policy.karmada.io\",\"version\":\"v1alpha1\",\"kind\":\"PropagationPolicy\"}",
                "{\"group\":\"policy.karmada.io\",\"version\":\"v1alpha1\",\"resource\":\"propagationpolicies\"}", null, "bad-pp",
                policy, policy));

        assertThat(response.path("allowed").asBoolean()).isFalse();
        assertThat(response.path("status").path("code").asInt()).isEqualTo(403);
        assertThat(response.path("status").path("reason").asText()).isEqualTo("Forbidden");
        assertThat(response.path("status").path("message").asText()).isEqualTo("spec.targetRef: Required value");
        assertThat(RECEIVED.get("bad-pp").path("oldObject").path("kind").asText()).isEqualTo("PropagationPolicy");
    }

    @Test
    void aValidObjectIsAllowedAndAnUnansweredValidationAllowsWithAWarning() throws Exception {
        String ud = "{\"group\":\"apps.kruise.io\",\"version\":\"v1alpha1\",\"kind\":\"UnitedDeployment\"}";
        String uds = "{\"group\":\"apps.kruise.io\",\"version\":\"v1alpha1\",\"resource\":\"uniteddeployments\"}";
        JsonNode valid = admit("/validate-uniteddeployments", review("CREATE", ud, uds, null, "ud-ok", workloadSpread("ud-ok"), null));
        JsonNode unanswered = admit("/validate-workloadrebalancers", review("CREATE", ud, uds, null, "slow-rb", workloadSpread("slow-rb"), null));

        assertThat(valid.path("allowed").asBoolean()).isTrue();
        assertThat(valid.has("warnings")).isFalse();
        assertThat(unanswered.path("allowed").asBoolean()).isTrue();
        assertThat(unanswered.path("warnings").get(0).asText()).contains("workloadrebalancers not validated");
    }

    @Test
    void theLatencyHistogramHasTheApiserverWebhookBuckets() throws Exception {
        admit("/mutate-pods", review("CREATE", POD_KIND, PODS, null, "web-5", pod("web-5"), null));

        String metrics = new GatewayHttps(TLS, port).get("/actuator/prometheus");
        for (String le : List.of("0.005", "0.025", "0.1", "0.5", "1.0", "2.5", "10.0", "25.0", "+Inf")) {
            assertThat(metrics).contains("meridian_admission_duration_seconds_bucket{operation=\"CREATE\",rejected=\"false\","
                    + "webhook=\"/mutate-pods\",le=\"" + le + "\"}");
        }
        assertThat(metrics).contains("meridian_admission_fail_open_total");
    }

    private double failOpen(String webhook, String cause) {
        var counter = meters.find("meridian.admission.fail.open").tags("webhook", webhook, "cause", cause).counter();
        return counter == null ? 0 : counter.count();
    }

    private JsonNode admit(String path, String review) throws Exception {
        HttpResponse<String> response = post(path, review);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.path("kind").asText()).isEqualTo("AdmissionReview");
        return body.path("response");
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return new GatewayHttps(TLS, port).post(path, body);
    }
}
