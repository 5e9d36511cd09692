package io.meridian.gateway.applier;

import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;

/** Test kubeconfigs: {@code <dir>/<cluster>.kubeconfig} pointing at one apiserver with a token; that apiserver. */
public final class Kubeconfigs {
    private Kubeconfigs() {
    }

    /** A mock apiserver that stores what it is sent (CRUD mode, plain HTTP). */
    static KubernetesMockServer crudServer() {
        return new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), new KubernetesCrudDispatcher(), false);
    }

    public static Path directory() {
        try {
            Path directory = Files.createTempDirectory("kubeconfigs");
            directory.toFile().deleteOnExit();
            return directory;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Path write(Path directory, String cluster, String server) {
        try {
            Path file = directory.resolve(cluster + ".kubeconfig");
            file.toFile().deleteOnExit();
            return Files.writeString(file, """
                    apiVersion: v1
                    kind: Config
                    clusters: [{name: %1$s, cluster: {server: "%2$s"}}]
                    contexts: [{name: %1$s, context: {cluster: %1$s, user: %1$s}}]
                    current-context: %1$s
                    users: [{name: %1$s, user: {token: test}}]
                    """.formatted(cluster, server));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
