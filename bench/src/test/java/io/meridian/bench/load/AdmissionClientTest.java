package io.meridian.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.meridian.gateway.tls.CertificateAuthority;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AdmissionClientTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final byte APPLICATION_DATA = 23;

    @TempDir
    Path directory;

    @Test
    void aReviewLeavesInOneTlsRecord() throws Exception {
        CertificateAuthority ca = CertificateAuthority.create("test-ca", Instant.now());
        Path caFile = Files.write(directory.resolve("ca.crt"), ca.certificate().getEncoded());
        AtomicInteger recordsFromClient = new AtomicInteger();
        HttpsServer gateway = gateway(ca);
        try (ServerSocket relay = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            daemon(() -> relayCountingRecords(relay, gateway.getAddress().getPort(), recordsFromClient));
            String url = "https://127.0.0.1:" + relay.getLocalPort() + "/mutate-pods";
            AdmissionClient.Target target = AdmissionClient.Target.of(url, caFile);
            try (AdmissionClient client = new AdmissionClient(target)) {
                assertThat(client.review(review("uid-1"), "uid-1").patched()).isTrue();
                int before = recordsFromClient.get();

                assertThat(client.review(review("uid-2"), "uid-2").patched()).isTrue();

                assertThat(recordsFromClient.get() - before).isEqualTo(1);
            }
        } finally {
            gateway.stop(0);
        }
    }

    private static String review(String uid) {
        ObjectNode review = JSON.createObjectNode().put("apiVersion", "admission.k8s.io/v1").put("kind", "AdmissionReview");
        review.putObject("request").put("uid", uid).putObject("object").put("kind", "Pod");
        return review.toString();
    }

    /** The JDK's HTTPS server, answering each review with an allowed patch for its uid. */
    private static HttpsServer gateway(CertificateAuthority ca) throws Exception {
        CertificateAuthority.IssuedCertificate served =
                ca.issueServerCertificate(List.of("localhost"), List.of("127.0.0.1"), Instant.now());
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        Certificate[] chain = {served.certificate(), ca.certificate()};
        keys.setKeyEntry("gateway", served.keys().getPrivate(), new char[0], chain);
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, new char[0]);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(kmf.getKeyManagers(), null, null);
        HttpsServer server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        server.createContext("/", exchange -> {
            String uid = JSON.readTree(exchange.getRequestBody()).path("request").path("uid").asText();
            byte[] body = answer(uid).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        return server;
    }

    private static String answer(String uid) {
        String patch = "[{\"op\":\"add\",\"path\":\"/metadata/annotations\","
                + "\"value\":{\"matched-workloadspread\":\"ws\"}}]";
        ObjectNode answer = JSON.createObjectNode().put("apiVersion", "admission.k8s.io/v1")
                .put("kind", "AdmissionReview");
        answer.putObject("response").put("uid", uid).put("allowed", true).put("patchType", "JSONPatch")
                .put("patch", Base64.getEncoder().encodeToString(patch.getBytes(StandardCharsets.UTF_8)));
        return answer.toString();
    }

    /** Passes the client's connection to the gateway, counting the TLS records of application data the client sends. */
    private static void relayCountingRecords(ServerSocket relay, int gatewayPort, AtomicInteger records) {
        try (Socket client = relay.accept(); Socket gateway = new Socket(InetAddress.getLoopbackAddress(), gatewayPort)) {
            daemon(() -> copy(gateway, client));
            DataInputStream in = new DataInputStream(client.getInputStream());
            OutputStream out = gateway.getOutputStream();
            byte[] header = new byte[5];
            while (true) {
                in.readFully(header);
                byte[] fragment = new byte[((header[3] & 0xff) << 8) | (header[4] & 0xff)];
                in.readFully(fragment);
                if (header[0] == APPLICATION_DATA) {
                    records.incrementAndGet();
                }
                out.write(header);
                out.write(fragment);
                out.flush();
            }
        } catch (IOException closed) {
            // the test is over
        }
    }

    private static void daemon(Runnable work) {
        Thread thread = new Thread(work);
        thread.setDaemon(true);
        thread.start();
    }

    private static void copy(Socket from, Socket to) {
        try {
            from.getInputStream().transferTo(to.getOutputStream());
        } catch (IOException closed) {
            // the test is over
        }
    }
}
