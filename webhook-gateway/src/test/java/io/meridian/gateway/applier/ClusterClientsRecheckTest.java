package io.meridian.gateway.applier;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A cluster's kubeconfig is looked at again only once {@link ClusterClients#RECHECK} has passed. */
class ClusterClientsRecheckTest {
    private final Path kubeconfigs = Kubeconfigs.directory();
    private final MovableClock clock = new MovableClock();
    private final ClusterClients clusters = new ClusterClients(kubeconfigs, Duration.ofSeconds(1),
            Duration.ofSeconds(30), clock);

    @AfterEach
    void close() {
        clusters.close();
    }

    @Test
    void aChangedKubeconfigIsNotReadWithinTheRecheckInterval() throws IOException {
        KubernetesClient first = clientFor("https://127.0.0.1:1111/");

        changeTo("https://127.0.0.1:2222/");
        clock.advance(ClusterClients.RECHECK.minusMillis(1));

        assertThat(clusters.forCluster("member-a")).isSameAs(first);
    }

    @Test
    void aChangedKubeconfigIsReadOnceTheRecheckIntervalHasPassed() throws IOException {
        clientFor("https://127.0.0.1:1111/");

        changeTo("https://127.0.0.1:2222/");
        clock.advance(ClusterClients.RECHECK);

        assertThat(clusters.forCluster("member-a").getMasterUrl().getPort()).isEqualTo(2222);
    }

    @Test
    void anUnchangedKubeconfigKeepsItsClientAfterTheRecheck() {
        KubernetesClient first = clientFor("https://127.0.0.1:1111/");

        clock.advance(ClusterClients.RECHECK.multipliedBy(3));

        assertThat(clusters.forCluster("member-a")).isSameAs(first);
    }

    private KubernetesClient clientFor(String server) {
        Kubeconfigs.write(kubeconfigs, "member-a", server);
        return clusters.forCluster("member-a");
    }

    /** Rewrites the file with a modification time unlike the first, however coarse the file system's clock. */
    private void changeTo(String server) throws IOException {
        Path file = Kubeconfigs.write(kubeconfigs, "member-a", server);
        Files.setLastModifiedTime(file, FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 10_000));
    }

    private static final class MovableClock extends Clock {
        private Instant now = Instant.parse("2026-12-02T00:00:00Z");

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}
