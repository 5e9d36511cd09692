package io.meridian.gateway.admission;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.admission.v1.AdmissionRequest;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionResponse;
import io.meridian.gateway.tls.TlsBootstrap;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Instant;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AdmissionOverHttpsTest {
    static final Path TLS = TlsBootstrap.certificateDirectory(null, List.of("localhost"), Instant.now());

    @DynamicPropertySource
    static void tls(DynamicPropertyRegistry registry) {
        TlsBootstrap.serverProperties(TLS).forEach((k, v) -> registry.add(k, () -> v));
    }

    @TestConfiguration
    static class AllowEverything {
        @Bean
        AdmissionHandler mutatePods() {
            return new AdmissionHandler() {
                @Override
                public String path() {
                    return "/mutate-pods";
                }

                @Override
                public AdmissionResponse handle(AdmissionRequest request) {
                    AdmissionResponse response = new AdmissionResponse();
                    response.setAllowed(true);
                    return response;
                }
            };
        }
    }

    @LocalServerPort
    int port;

    private static final String REVIEW = """
            {"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"705ab4f5-6393-11e8-b7cc-42010a800002",
             "kind":{"group":"","version":"v1","kind":"Pod"},"resource":{"group":"","version":"v1","resource":"pods"},
             "operation":"CREATE","namespace":"default","object":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"}}}}""";

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
    void anUnknownWebhookPathIsNotFound() throws Exception {
        assertThat(post("/mutate-deployments", REVIEW).statusCode()).isEqualTo(404);
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        HttpClient client = HttpClient.newBuilder().sslContext(trustingTheAuthority()).build();
        return client.send(HttpRequest.newBuilder(URI.create("https://localhost:" + port + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static SSLContext trustingTheAuthority() throws Exception {
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(TLS.resolve("ca.crt"))) {
            trust.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, factory.getTrustManagers(), null);
        return context;
    }
}
