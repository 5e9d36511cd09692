package io.meridian.gateway;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** A test client of the gateway's HTTPS port that trusts the standalone authority in {@code tlsDir}. */
public final class GatewayHttps {
    private final HttpClient client;
    private final int port;

    public GatewayHttps(Path tlsDir, int port) {
        this.client = HttpClient.newBuilder().sslContext(trusting(tlsDir)).build();
        this.port = port;
    }

    public HttpResponse<String> post(String path, String body) throws Exception {
        return post(path, body, "application/json");
    }

    public HttpResponse<String> post(String path, String body, String contentType) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("https://localhost:" + port + path))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    public String get(String path) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("https://localhost:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    private static SSLContext trusting(Path tlsDir) {
        try {
            KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
            trust.load(null, null);
            try (InputStream in = Files.newInputStream(tlsDir.resolve("ca.crt"))) {
                trust.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(trust);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, factory.getTrustManagers(), null);
            return context;
        } catch (Exception e) {
            throw new IllegalStateException("cannot trust the test authority", e);
        }
    }
}
