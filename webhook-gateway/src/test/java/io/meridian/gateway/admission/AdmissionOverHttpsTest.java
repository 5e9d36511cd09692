package io.meridian.gateway.admission;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.gateway.GatewayHttps;
import io.meridian.gateway.tls.TlsBootstrap;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContext;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.time.Duration;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AdmissionOverHttpsTest {
    static final Path TLS = TlsBootstrap.certificateDirectory(null, List.of("localhost"), Instant.now());

    @DynamicPropertySource
    static void tls(DynamicPropertyRegistry registry) {
        TlsBootstrap.serverProperties(TLS).forEach((k, v) -> registry.add(k, () -> v));
        // no command-service: every review is admitted unchanged (fail open)
        registry.add("meridian.command.url", () -> "http://127.0.0.1:9/");
        registry.add("meridian.command.timeout", () -> "500ms");
    }

    @LocalServerPort
    int port;
    @Autowired
    MeterRegistry meters;
    @Autowired
    ServletContext servletContext;

    private static final String REVIEW = """
            {"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"705ab4f5-6393-11e8-b7cc-42010a800002",
             "kind":{"group":"","version":"v1","kind":"Pod"},"resource":{"group":"","version":"v1","resource":"pods"},
             "operation":"CREATE","namespace":"default","object":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"}}}}""";

    @Test
    void springsServletFiltersServeSpringMvcAloneNotThePodWebhook() {
        List<? extends FilterRegistration> spring = servletContext.getFilterRegistrations().values().stream()
                .filter(filter -> filter.getClassName().startsWith("org.springframework.")).toList();

        assertThat(spring).extracting(FilterRegistration::getClassName).contains(
                "org.springframework.boot.servlet.filter.OrderedCharacterEncodingFilter",
                "org.springframework.boot.servlet.filter.OrderedFormContentFilter",
                "org.springframework.boot.servlet.filter.OrderedRequestContextFilter",
                "org.springframework.web.filter.ServerHttpObservationFilter");
        assertThat(spring).allSatisfy(filter -> {
            assertThat(filter.getUrlPatternMappings()).as(filter.getName()).isEmpty();
            assertThat(filter.getServletNameMappings()).as(filter.getName()).containsExactly("dispatcherServlet");
        });
    }

    @Test
    void aValidReviewIsAnsweredWithTheSameUid() throws Exception {
        HttpResponse<String> response = post("/mutate-pods", REVIEW);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"uid\":\"705ab4f5-6393-11e8-b7cc-42010a800002\"").contains("\"allowed\":true");
    }

    @Test
    void garbageGetsBadRequestWithOneLineReason() throws Exception {
        HttpResponse<String> response = post("/mutate-pods", "this is not json");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body().strip()).startsWith("malformed AdmissionReview").doesNotContain("\n");
    }

    @Test
    void aTruncatedBodyGetsBadRequest() throws Exception {
        HttpResponse<String> response = post("/mutate-pods", REVIEW.substring(0, REVIEW.length() / 2));

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).startsWith("malformed AdmissionReview");
    }

    @Test
    void anOversizedBodyGetsBadRequest() throws Exception {
        HttpResponse<String> response = post("/mutate-pods", "{\"pad\":\"" + "x".repeat(AdmissionReviewReader.MAX_BODY_BYTES) + "\"}");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).startsWith("body exceeds");
    }

    @Test
    void aReviewWithoutRequestGetsBadRequestNamingTheField() throws Exception {
        HttpResponse<String> response = post("/mutate-pods", "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\"}");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).startsWith("request: required field is missing");
    }

    @Test
    void aFormEncodedGarbageBodyIsReadAsTheBodyItIs() throws Exception {
        HttpResponse<String> response = new GatewayHttps(TLS, port).post("/validate-pods?cluster=member1", "a=b&c=d",
                "application/x-www-form-urlencoded");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).startsWith("malformed AdmissionReview");
    }

    @Test
    void anUnknownWebhookPathIsNotFound() throws Exception {
        assertThat(post("/mutate-deployments", REVIEW).statusCode()).isEqualTo(404);
    }

    @Test
    void thePodWebhookIsNotObservedAsAnHttpServerRequestWhileTheOtherWebhooksAre() throws Exception {
        long before = httpServerRequests();

        post("/mutate-pods/member1", REVIEW);
        post("/validate-pods?cluster=member1", "this is not json");

        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> httpServerRequests() > before);
        assertThat(meters.find("http.server.requests").tag("uri", "/validate-*").timers()).isNotEmpty();
        assertThat(httpServerRequests()).isEqualTo(before + 1);
    }

    private long httpServerRequests() {
        return meters.find("http.server.requests").timers().stream().mapToLong(Timer::count).sum();
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return new GatewayHttps(TLS, port).post(path, body);
    }
}
