package io.meridian.gateway.live;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.meridian.gateway.applier.ClusterClients;
import io.meridian.gateway.applier.Targets;
import io.meridian.schemas.ObjectRef;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A pod's controller-owner chain (ReplicaSet, then its Deployment; a CloneSet; a StatefulSet…) read now from
 * the pod's member cluster, each object cut down to what a decision reads. Reads of one object are coalesced
 * ({@link FreshReads}); the whole chain is given {@code timeout}: what was read by then is answered. Owns
 * {@code clusters} (closed with it).
 */
public final class LiveOwnerChain implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(LiveOwnerChain.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_DEPTH = 8;
    private static final List<String> METADATA = List.of("name", "namespace", "uid", "labels", "annotations",
            "ownerReferences", "generation", "resourceVersion", "creationTimestamp", "deletionTimestamp");

    private final ClusterClients clusters;
    private final Duration timeout;
    private final ExecutorService executor = Executors.newFixedThreadPool(4, runnable -> {
        Thread thread = new Thread(runnable, "live-owner-read");
        thread.setDaemon(true);
        return thread;
    });
    private final FreshReads<Owner, Optional<JsonNode>> reads = new FreshReads<>(this::get, executor);

    /** One object of a cluster: the key reads are coalesced by. */
    record Owner(String cluster, String namespace, String apiVersion, String kind, String name) {
    }

    public LiveOwnerChain(ClusterClients clusters, Duration timeout) {
        this.clusters = clusters;
        this.timeout = timeout;
    }

    /**
     * The chain from the pod's controller upwards, as far as it could be read in time (then cut short);
     * empty and complete without a controller.
     */
    public OwnerChain read(String cluster, String namespace, JsonNode pod) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<JsonNode> chain = new ArrayList<>();
        JsonNode owner = controllerOf(pod);
        for (int depth = 0; owner != null && depth < MAX_DEPTH; depth++) {
            Optional<Optional<JsonNode>> object = await(new Owner(cluster, namespace, owner.path("apiVersion").asText(""),
                    owner.path("kind").asText(""), owner.path("name").asText("")), deadline);
            if (object.isEmpty()) {
                return OwnerChain.cutShort(chain);
            }
            if (object.get().isEmpty()) {
                break;
            }
            chain.add(object.get().get());
            owner = controllerOf(object.get().get());
        }
        return OwnerChain.complete(chain);
    }

    /** The owner as read (empty when it does not exist), or empty when it could not be read in time. */
    private Optional<Optional<JsonNode>> await(Owner owner, long deadline) {
        try {
            return Optional.of(reads.read(owner).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
        } catch (TimeoutException e) {
            log.warn("{} {} in {} not read within {} ms", owner.kind(), owner.name(), owner.cluster(), timeout.toMillis());
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ClusterClients.NoKubeconfig) {
                // a cluster the gateway cannot read at all: the reported state is all there is
                return Optional.of(Optional.empty());
            }
            log.warn("{} {} in {} not read: {}", owner.kind(), owner.name(), owner.cluster(), e.getCause().toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Optional.empty();
    }

    private Optional<JsonNode> get(Owner owner) {
        ObjectRef ref = new ObjectRef(owner.apiVersion(), owner.kind(), owner.namespace(), owner.name(), null, null);
        GenericKubernetesResource object = clusters.forCluster(owner.cluster()).genericKubernetesResources(Targets.context(ref))
                .inNamespace(owner.namespace()).withName(owner.name()).get();
        return Optional.ofNullable(object).map(LiveOwnerChain::compact);
    }

    /** apiVersion, kind, the metadata decisions read, spec and status. */
    static JsonNode compact(GenericKubernetesResource resource) {
        JsonNode full = JSON.valueToTree(resource);
        ObjectNode out = JSON.createObjectNode();
        out.set("apiVersion", full.path("apiVersion"));
        out.set("kind", full.path("kind"));
        ObjectNode metadata = out.putObject("metadata");
        for (String field : METADATA) {
            JsonNode value = full.path("metadata").get(field);
            if (value != null && !value.isNull()) {
                metadata.set(field, value);
            }
        }
        for (String field : List.of("spec", "status")) {
            if (full.hasNonNull(field)) {
                out.set(field, full.get(field));
            }
        }
        return out;
    }

    /** The owner reference marked controller, or null. */
    static JsonNode controllerOf(JsonNode object) {
        for (JsonNode ref : object.path("metadata").path("ownerReferences")) {
            if (ref.path("controller").asBoolean(false)) {
                return ref;
            }
        }
        return null;
    }

    /** Stops the reads and closes the clients. */
    @Override
    public void close() {
        executor.shutdownNow();
        clusters.close();
    }
}
