package io.meridian.gateway.applier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.meridian.schemas.ObjectRef;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A write to a member that never answers gives up after the member client's request timeout. */
class DirectRequestTest {
    private static final ObjectRef DEPLOYMENT = new ObjectRef("apps/v1", "Deployment", "shop", "web", null, null);

    private final ServerSocket silent = silentServer();
    private final List<Socket> accepted = new CopyOnWriteArrayList<>();

    DirectRequestTest() {
        Thread acceptor = new Thread(this::acceptAndNeverAnswer, "silent-member");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    @AfterEach
    void close() throws IOException {
        silent.close();
        for (Socket socket : accepted) {
            socket.close();
        }
    }

    @Test
    void aMasterUrlLosesItsTrailingSlashesBeforeThePathIsAdded() {
        assertThat(DirectRequest.withoutTrailingSlashes("https://10.0.0.1:6443//")).isEqualTo("https://10.0.0.1:6443");
        assertThat(DirectRequest.withoutTrailingSlashes("https://10.0.0.1:6443/k8s")).isEqualTo("https://10.0.0.1:6443/k8s");
    }

    @Test
    void aPatchThatGetsNoAnswerFailsAfterTheRequestTimeout() {
        try (KubernetesClient kube = clientWithRequestTimeout(300)) {
            long started = System.nanoTime();

            assertTimeoutPreemptively(Duration.ofSeconds(10), () ->
                    assertThatThrownBy(() -> DirectRequest.patch(kube, DEPLOYMENT, "[]"))
                            .isInstanceOf(KubernetesClientException.class)
                            .hasMessageContaining("no answer to the patch of").hasMessageContaining("within 300 ms"));

            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
        }
    }

    @Test
    void aCreationThatGetsNoAnswerFailsAfterTheRequestTimeout() {
        try (KubernetesClient kube = clientWithRequestTimeout(300)) {
            assertTimeoutPreemptively(Duration.ofSeconds(10), () ->
                    assertThatThrownBy(() -> DirectRequest.create(kube, DEPLOYMENT, "{}"))
                            .isInstanceOf(KubernetesClientException.class)
                            .hasMessageContaining("no answer to the create of"));
        }
    }

    private KubernetesClient clientWithRequestTimeout(int millis) {
        return new KubernetesClientBuilder().withConfig(new ConfigBuilder()
                .withMasterUrl("http://127.0.0.1:" + silent.getLocalPort())
                .withRequestTimeout(millis).withRequestRetryBackoffLimit(0).build()).build();
    }

    private static ServerSocket silentServer() {
        try {
            return new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private void acceptAndNeverAnswer() {
        while (!silent.isClosed()) {
            try {
                accepted.add(silent.accept());
            } catch (IOException e) {
                return;
            }
        }
    }
}
