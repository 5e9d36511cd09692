package io.meridian.gateway.applier;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.file.Path;
import java.time.Duration;

/** One member cluster for a test: a CRUD mock apiserver, a client of it, and {@link ClusterClients} that reach it. */
public final class MockMember implements AutoCloseable {
    private final KubernetesMockServer server = Kubeconfigs.crudServer();
    private final KubernetesClient kube;
    private final ClusterClients clusters;

    /** Started, with a kubeconfig named {@code cluster}; the clients give up after {@code timeout}. */
    public MockMember(String cluster, Duration timeout) {
        server.init();
        kube = server.createClient();
        Path dir = Kubeconfigs.directory();
        Kubeconfigs.write(dir, cluster, kube.getConfiguration().getMasterUrl());
        clusters = new ClusterClients(dir, timeout);
    }

    public KubernetesClient kube() {
        return kube;
    }

    public ClusterClients clusters() {
        return clusters;
    }

    @Override
    public void close() {
        clusters.close();
        kube.close();
        server.destroy();
    }
}
