package io.meridian.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.Locale;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

/**
 * One client of the gateway as an apiserver is one: a single HTTPS connection, kept alive, one request at
 * a time (HTTP/1.1). Written on the JDK's {@link SSLSocket} rather than {@code java.net.http.HttpClient}
 * so each client owns exactly one connection (the handshake happens once, before the clock starts) and
 * the load generator takes as little of the shared two cores as possible. A response that asks to close
 * the connection is honoured: the next request opens a new one (its handshake is then timed).
 */
final class AdmissionClient implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MATCHED = "matched-workloadspread";

    /** Where to send and whom to trust. */
    record Target(String host, int port, String path, SSLSocketFactory sockets) {
        static Target of(String url, Path caCertificate) throws Exception {
            URI uri = URI.create(url);
            X509Certificate ca;
            try (InputStream in = Files.newInputStream(caCertificate)) {
                ca = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
            }
            KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
            trust.load(null, null);
            trust.setCertificateEntry("meridian-ca", ca);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);
            SSLContext tls = SSLContext.getInstance("TLS");
            tls.init(null, tmf.getTrustManagers(), null);
            String path = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
            return new Target(uri.getHost(), uri.getPort(), path, tls.getSocketFactory());
        }
    }

    /** How one review was answered: {@code patched} only for an allowed answer with the spread's JSON patch. */
    record Verdict(boolean patched, String detail) {
        static Verdict failed(String detail) {
            return new Verdict(false, detail);
        }
    }

    private final Target target;
    private SSLSocket socket;
    private InputStream in;
    private OutputStream out;

    AdmissionClient(Target target) {
        this.target = target;
    }

    void connect() throws IOException {
        socket = (SSLSocket) target.sockets().createSocket(target.host(), target.port());
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(30_000);
        socket.startHandshake();
        in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
        // buffered so that a request's head and body leave in one write: each write to an SSLSocket is a TLS record
        // of its own, and an apiserver's HTTP client (Go's, through a 4 KB buffer) sends a small review in one too
        out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
    }

    /** POSTs one AdmissionReview and judges the answer. */
    Verdict review(String body, String uid) throws IOException {
        if (socket == null) {
            connect();
        }
        byte[] payload = body.getBytes(StandardCharsets.UTF_8);
        String head = "POST " + target.path() + " HTTP/1.1\r\nHost: " + target.host() + ":" + target.port()
                + "\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: " + payload.length
                + "\r\n\r\n";
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.write(payload);
        out.flush();
        Response response = read();
        if (response.close()) {
            close();
        }
        if (response.status() != 200) {
            return Verdict.failed("HTTP " + response.status() + ": " + oneLine(response.body()));
        }
        return judge(response.body(), uid);
    }

    static Verdict judge(byte[] body, String uid) {
        JsonNode review;
        try {
            review = JSON.readTree(body);
        } catch (IOException e) {
            return Verdict.failed("not JSON: " + oneLine(body));
        }
        JsonNode response = review.path("response");
        if (!uid.equals(response.path("uid").asText())) {
            return Verdict.failed("answer for uid " + response.path("uid").asText() + ", expected " + uid);
        }
        if (!response.path("allowed").asBoolean(false)) {
            return Verdict.failed("denied: " + response.path("status").path("message").asText());
        }
        if (response.path("warnings").isArray() && !response.path("warnings").isEmpty()) {
            return Verdict.failed("fail-open: " + response.path("warnings").get(0).asText());
        }
        if (!"JSONPatch".equals(response.path("patchType").asText()) || !response.path("patch").isTextual()) {
            return Verdict.failed("allowed without a patch");
        }
        String patch = new String(Base64.getDecoder().decode(response.path("patch").asText()), StandardCharsets.UTF_8);
        if (!patch.contains(MATCHED)) {
            return Verdict.failed("a patch without the " + MATCHED + " annotation");
        }
        return new Verdict(true, "patched");
    }

    private record Response(int status, byte[] body, boolean close) {
    }

    private Response read() throws IOException {
        String statusLine = line();
        if (statusLine == null) {
            throw new IOException("connection closed before an answer");
        }
        int status = Integer.parseInt(statusLine.split(" ", 3)[1]);
        int length = -1;
        boolean chunked = false;
        boolean close = false;
        for (String header = line(); header != null && !header.isEmpty(); header = line()) {
            String lower = header.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                length = Integer.parseInt(lower.substring(15).trim());
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            } else if (lower.startsWith("connection:") && lower.contains("close")) {
                close = true;
            }
        }
        byte[] body = chunked ? chunks() : in.readNBytes(Math.max(0, length));
        return new Response(status, body, close);
    }

    private byte[] chunks() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String size = line();
            int n = Integer.parseInt(size.split(";", 2)[0].trim(), 16);
            if (n == 0) {
                line();
                return body.toByteArray();
            }
            body.write(in.readNBytes(n));
            line();
        }
    }

    private String line() throws IOException {
        StringBuilder line = new StringBuilder(64);
        int c;
        while ((c = in.read()) != -1) {
            if (c == '\n') {
                int end = line.length();
                return end > 0 && line.charAt(end - 1) == '\r' ? line.substring(0, end - 1) : line.toString();
            }
            line.append((char) c);
        }
        return line.length() == 0 ? null : line.toString();
    }

    private static String oneLine(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8);
        int newline = text.indexOf('\n');
        return (newline < 0 ? text : text.substring(0, newline)).trim();
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing anyway
            }
            socket = null;
        }
    }
}
