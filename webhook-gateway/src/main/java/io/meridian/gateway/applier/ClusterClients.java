package io.meridian.gateway.applier;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * One fabric8 client per member cluster, made from {@code <dir>/<cluster>.kubeconfig} on first use and made again when
 * the file changes, which is looked at no more than once per {@link #RECHECK} and cluster (a stat per write was a
 * sixteenth of the member lanes' CPU in a rebalance). The client does not retry on its own: the applier's backoff does.
 * The clients share one event-loop group and keep idle connections for {@code keepAlive} ({@link MemberHttpClients}).
 */
public final class ClusterClients implements AutoCloseable {
    private static final Pattern CLUSTER_NAME = Pattern.compile("[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?");
    /** How long a cluster's kubeconfig is taken as unchanged since it was last looked at. */
    public static final Duration RECHECK = Duration.ofSeconds(1);

    private final Path directory;
    private final Duration requestTimeout;
    private final MemberHttpClients http;
    private final Clock clock;
    private final Map<String, Entry> clients = new ConcurrentHashMap<>();

    /** @param checkedAt when the file's modification time was last read (the clock's milliseconds) */
    private record Entry(KubernetesClient client, long modified, long checkedAt) {
    }

    /** Raised when a cluster has no usable kubeconfig: the mutation fails, nothing is retried. */
    public static final class NoKubeconfig extends RuntimeException {
        NoKubeconfig(String message) {
            super(message);
        }
    }

    public ClusterClients(Path directory, Duration requestTimeout) {
        this(directory, requestTimeout, MemberHttpClients.DEFAULT_KEEP_ALIVE);
    }

    /** @param keepAlive how long an idle connection to a member stays open (at least 1 s) */
    public ClusterClients(Path directory, Duration requestTimeout, Duration keepAlive) {
        this(directory, requestTimeout, keepAlive, Clock.systemUTC());
    }

    ClusterClients(Path directory, Duration requestTimeout, Duration keepAlive, Clock clock) {
        this.directory = directory;
        this.requestTimeout = requestTimeout;
        this.http = new MemberHttpClients(keepAlive);
        this.clock = clock;
    }

    public KubernetesClient forCluster(String cluster) {
        Entry known = clients.get(cluster);
        long now = clock.millis();
        if (known != null && now - known.checkedAt() < RECHECK.toMillis()) {
            return known.client();
        }
        return lookedAt(cluster, now).client();
    }

    /** The cluster's client after reading its kubeconfig's modification time: the same client if it did not change. */
    private Entry lookedAt(String cluster, long now) {
        if (directory == null) {
            throw new NoKubeconfig("no kubeconfig directory configured (MERIDIAN_KUBECONFIGS_DIR)");
        }
        if (cluster == null || !CLUSTER_NAME.matcher(cluster).matches()) {
            throw new NoKubeconfig("not a valid cluster name: " + cluster);
        }
        Path file = directory.resolve(cluster + ".kubeconfig");
        long modified;
        try {
            modified = Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            throw new NoKubeconfig("no kubeconfig for cluster " + cluster + " at " + file);
        }
        return clients.compute(cluster, (name, present) -> {
            if (present != null && present.modified() == modified) {
                return new Entry(present.client(), modified, now);
            }
            if (present != null) {
                present.client().close();
            }
            return new Entry(create(file), modified, now);
        });
    }

    private KubernetesClient create(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new NoKubeconfig("cannot read " + file + ": " + e.getMessage());
        }
        Config config;
        try {
            config = Config.fromKubeconfig(text);
        } catch (RuntimeException e) {
            throw new NoKubeconfig("invalid kubeconfig " + file + ": " + e.getMessage());
        }
        config.setRequestRetryBackoffLimit(0);
        config.setRequestTimeout((int) requestTimeout.toMillis());
        config.setConnectionTimeout((int) requestTimeout.toMillis());
        return new KubernetesClientBuilder().withConfig(config).withHttpClientFactory(http).build();
    }

    @Override
    public void close() {
        clients.values().forEach(entry -> entry.client().close());
        clients.clear();
        http.close();
    }
}
