package io.meridian.gateway.applier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.MockWebServerListener;
import io.fabric8.mockwebserver.http.RecordedHttpConnection;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ClusterClientsKeepAliveTest {
    private final AtomicInteger connections = new AtomicInteger();
    private KubernetesMockServer server;
    private Path kubeconfigs;

    @BeforeEach
    void startMember() {
        MockWebServer web = new MockWebServer();
        web.addListener(new MockWebServerListener() {
            @Override
            public void onConnection(RecordedHttpConnection connection) {
                connections.incrementAndGet();
            }
        });
        server = new KubernetesMockServer(new Context(), web, new HashMap<>(), new KubernetesCrudDispatcher(), false);
        server.init();
        kubeconfigs = Kubeconfigs.directory();
        Kubeconfigs.write(kubeconfigs, "member-a", server.url("/"));
    }

    @AfterEach
    void stopMember() {
        server.destroy();
    }

    @Test
    void aWriteAfterAQuietSpellShorterThanTheKeepAliveReusesTheConnection() throws InterruptedException {
        assertThat(connectionsForTwoListsApart(Duration.ofSeconds(30))).isEqualTo(1);
    }

    @Test
    void anIdleConnectionIsClosedOnceTheKeepAliveHasPassed() throws InterruptedException {
        assertThat(connectionsForTwoListsApart(Duration.ofSeconds(1))).isEqualTo(2);
    }

    @Test
    void aKeepAliveUnderOneSecondIsRefused() {
        assertThatThrownBy(() -> new ClusterClients(kubeconfigs, Duration.ofSeconds(5), Duration.ofMillis(500)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("keep-alive (meridian.applier.keep-alive) must be at least 1 s");
    }

    /** Connections the member accepted for two lists 2.5 s apart. */
    private int connectionsForTwoListsApart(Duration keepAlive) throws InterruptedException {
        try (ClusterClients clusters = new ClusterClients(kubeconfigs, Duration.ofSeconds(5), keepAlive)) {
            clusters.forCluster("member-a").namespaces().list();
            Thread.sleep(2_500);
            clusters.forCluster("member-a").namespaces().list();
            return connections.get();
        }
    }
}
