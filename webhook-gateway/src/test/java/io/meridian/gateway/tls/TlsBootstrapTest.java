package io.meridian.gateway.tls;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TlsBootstrapTest {

    @Test
    void aSelfSignedFolderHoldsTheServingPairAndTheAuthoritysCertificate() {
        Path directory = TlsBootstrap.certificateDirectory(null, List.of("localhost"), Instant.now());

        assertThat(directory.resolve("tls.crt")).isRegularFile();
        assertThat(directory.resolve("tls.key")).isRegularFile();
        assertThat(directory.resolve("ca.crt")).isRegularFile();
    }

    @Test
    void theSelfSignedFolderIsGoneOnceItsProcessHasExited() throws Exception {
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), SelfSignedFolder.class.getName())
                .redirectErrorStream(true).start();
        String printed = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(printed).isZero();

        Path directory = Path.of(printed.lines().reduce((first, last) -> last).orElseThrow());
        assertThat(directory.getFileName().toString()).startsWith("meridian-tls");
        assertThat(directory).doesNotExist();
    }

    @Test
    void aConfiguredFolderIsUsedAsItIs() throws IOException {
        Path mounted = Files.createTempDirectory("mounted-secret");

        assertThat(TlsBootstrap.certificateDirectory(mounted.toString(), List.of("localhost"), Instant.now()))
                .isEqualTo(mounted);
        assertThat(mounted).isEmptyDirectory();
        Files.delete(mounted);
    }

    /** Makes a self-signed folder, checks it is complete while the process runs, prints its path, exits. */
    public static final class SelfSignedFolder {
        public static void main(String[] args) {
            Path directory = TlsBootstrap.certificateDirectory(null, List.of("localhost"), Instant.now());
            if (!Files.isRegularFile(directory.resolve("tls.key")) || !Files.isRegularFile(directory.resolve("ca.crt"))) {
                System.exit(3);
            }
            System.out.println(directory);
        }
    }
}
