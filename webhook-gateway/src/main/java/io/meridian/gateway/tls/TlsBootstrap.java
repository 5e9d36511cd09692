package io.meridian.gateway.tls;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * TLS is always on. Serving certificate and key come from {@code MERIDIAN_TLS_DIR} (tls.crt, tls.key, as a
 * Kubernetes TLS secret is mounted); without one, a private authority is made and its certificate written
 * beside the serving pair as {@code ca.crt}, so a simulated or test apiserver can trust it; that folder is deleted
 * when the process exits.
 */
public final class TlsBootstrap {
    public static final String BUNDLE = "meridian-gateway";

    private TlsBootstrap() {
    }

    /** The Spring properties that serve HTTPS with the given PEM files. */
    public static Map<String, Object> serverProperties(Path directory) {
        Map<String, Object> properties = new HashMap<>();
        properties.put("server.ssl.bundle", BUNDLE);
        properties.put("spring.ssl.bundle.pem." + BUNDLE + ".keystore.certificate", "file:" + directory.resolve("tls.crt"));
        properties.put("spring.ssl.bundle.pem." + BUNDLE + ".keystore.private-key", "file:" + directory.resolve("tls.key"));
        return properties;
    }

    /** The configured certificate folder, or a new self-signed one for {@code dnsNames} and loopback. */
    public static Path certificateDirectory(String configured, List<String> dnsNames, Instant now) {
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        try {
            Path directory = Files.createTempDirectory("meridian-tls");
            CertificateAuthority authority = CertificateAuthority.create("meridian-standalone-ca", now);
            authority.issueServerCertificate(dnsNames, List.of("127.0.0.1"), now).writePem(directory);
            Files.writeString(directory.resolve("ca.crt"), CertificateAuthority.pem(authority.certificate()));
            deleteAtExit(directory);
            return directory;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the self-signed certificate", e);
        }
    }

    /** The made-up key pair is this process's alone: nothing of it stays behind in the temporary folder. */
    private static void deleteAtExit(Path directory) throws IOException {
        // the JVM deletes in the reverse order of registration: the files, then their folder
        directory.toFile().deleteOnExit();
        try (var files = Files.list(directory)) {
            files.forEach(file -> file.toFile().deleteOnExit());
        }
    }
}
