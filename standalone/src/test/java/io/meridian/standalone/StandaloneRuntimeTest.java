package io.meridian.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.sim.ClusterSpec;
import io.meridian.sim.SimOptions;
import io.meridian.sim.ZoneSpec;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;

class StandaloneRuntimeTest {

    @Test
    void startsEveryPieceAnswersOnEachPortAndStopsCleanly() throws Exception {
        List<String> progress = new ArrayList<>();
        StandaloneRuntime runtime = StandaloneRuntime.start(List.of(
                        new ClusterSpec("member1", List.of(new ZoneSpec("z1", 2, 10))),
                        new ClusterSpec("member2", List.of(new ZoneSpec("z1", 1, 10)))),
                SimOptions.DEFAULTS, line -> {
                    progress.add(line);
                    System.out.println(line);
                });
        HttpClient http;
        String command;
        String projection;
        String gateway;
        try {
            assertThat(progress).hasSize(8);
            assertThat(runtime.services()).containsOnlyKeys("command-service", "projection-service", "webhook-gateway");
            http = HttpClient.newBuilder().sslContext(trusting(runtime)).connectTimeout(Duration.ofSeconds(2)).build();
            command = runtime.commandUrl();
            projection = runtime.projectionUrl();
            gateway = runtime.gatewayUrl();

            assertAnswers(http, command);
            assertAnswers(http, gateway);
            HttpResponse<String> history = http.send(HttpRequest.newBuilder(
                    URI.create(runtime.historyUrl("member1", "deploy", "ws-demo"))).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(history.statusCode()).isEqualTo(200);
            assertThat(history.body()).isEqualTo("[]");

            for (String cluster : List.of("member1", "member2")) {
                var client = runtime.fleet().cluster(cluster).client();
                assertThat(client.admissionRegistration().v1().mutatingWebhookConfigurations().list().getItems())
                        .singleElement().satisfies(w -> {
                            assertThat(w.getWebhooks().get(0).getClientConfig().getUrl())
                                    .isEqualTo(gateway + "/mutate-pods/" + cluster);
                            assertThat(w.getWebhooks().get(0).getClientConfig().getCaBundle()).isEqualTo(runtime.caBundle());
                            assertThat(w.getWebhooks().get(0).getFailurePolicy()).isEqualTo("Ignore");
                            assertThat(w.getWebhooks().get(0).getTimeoutSeconds()).isEqualTo(3);
                        });
                assertThat(client.admissionRegistration().v1().validatingWebhookConfigurations().list().getItems())
                        .singleElement().satisfies(w -> assertThat(w.getWebhooks()).extracting(h -> h.getName())
                                .containsExactly("validate-pods.meridian.io", "validate-workloadspreads.meridian.io",
                                        "validate-uniteddeployments.meridian.io", "validate-workloadrebalancers.meridian.io",
                                        "validate-propagationpolicies.meridian.io", "validate-clusters.meridian.io"));
            }
        } finally {
            runtime.close();
        }

        for (String url : List.of(command, projection, gateway)) {
            assertThatThrownBy(() -> http.send(HttpRequest.newBuilder(URI.create(url + "/")).build(),
                    HttpResponse.BodyHandlers.discarding())).as(url).isInstanceOf(ConnectException.class);
        }
    }

    /** Actuator's health when the service has it, else any HTTP answer on the port. */
    private static void assertAnswers(HttpClient http, String base) throws IOException, InterruptedException {
        HttpResponse<String> health = http.send(HttpRequest.newBuilder(URI.create(base + "/actuator/health")).build(),
                HttpResponse.BodyHandlers.ofString());
        if (health.statusCode() == 200) {
            assertThat(health.body()).as(base).contains("\"UP\"");
        } else {
            assertThat(health.statusCode()).as(base).isBetween(200, 499);
        }
    }

    private static SSLContext trusting(StandaloneRuntime runtime) throws Exception {
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        try (InputStream ca = Files.newInputStream(runtime.caCertificate())) {
            trust.setCertificateEntry("meridian", CertificateFactory.getInstance("X.509").generateCertificate(ca));
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, factory.getTrustManagers(), null);
        return context;
    }
}
