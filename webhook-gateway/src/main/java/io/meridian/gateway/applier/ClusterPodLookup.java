package io.meridian.gateway.applier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.Pod;
import io.meridian.gateway.admission.PodLookup;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@link PodLookup} through the member clusters' kubeconfigs, giving up after {@code timeout}. */
public final class ClusterPodLookup implements PodLookup, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ClusterPodLookup.class);

    private final ObjectMapper json = new ObjectMapper();
    private final ClusterClients clusters;
    private final Duration timeout;
    private final ExecutorService reads = Executors.newFixedThreadPool(4, runnable -> {
        Thread thread = new Thread(runnable, "pod-lookup");
        thread.setDaemon(true);
        return thread;
    });

    public ClusterPodLookup(ClusterClients clusters, Duration timeout) {
        this.clusters = clusters;
        this.timeout = timeout;
    }

    @Override
    public Optional<JsonNode> find(String cluster, String namespace, String name) {
        CompletableFuture<Pod> read = CompletableFuture.supplyAsync(
                () -> clusters.forCluster(cluster).pods().inNamespace(namespace).withName(name).get(), reads);
        try {
            Pod pod = read.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return pod == null ? Optional.empty() : Optional.of(json.valueToTree(pod));
        } catch (TimeoutException e) {
            read.cancel(true);
            log.debug("pod {}/{} in {} not read within {} ms", namespace, name, cluster, timeout.toMillis());
        } catch (ExecutionException e) {
            log.debug("pod {}/{} in {} not read: {}", namespace, name, cluster, e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Optional.empty();
    }

    @Override
    public void close() {
        reads.shutdownNow();
    }
}
