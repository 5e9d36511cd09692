package io.meridian.bench.federation;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The member copies (Deployments with the binding label) of every watched cluster as their API servers
 * report them, through one informer per cluster on the simulation's direct connection: replicas per
 * cluster and workload, and when each last changed ({@link System#nanoTime()}).
 */
final class CopyWatch implements AutoCloseable {

    record Copy(int replicas, long changedNanos) {
    }

    private final Map<String, Map<String, Copy>> copies = new ConcurrentHashMap<>();
    private final List<SharedIndexInformer<GenericKubernetesResource>> informers = new ArrayList<>();

    CopyWatch(BenchFleet fleet, List<String> clusters) {
        for (String cluster : clusters) {
            Map<String, Copy> ofCluster = copies.computeIfAbsent(cluster, c -> new ConcurrentHashMap<>());
            informers.add(fleet.cluster(cluster).client().genericKubernetesResources(BenchFleet.DEPLOYMENTS)
                    .inNamespace(BenchFleet.NAMESPACE).inform(new Handler(ofCluster), 0));
        }
    }

    /** The copy of the workload in the cluster, or null. */
    Copy copy(String cluster, String workload) {
        Map<String, Copy> ofCluster = copies.get(cluster);
        return ofCluster == null ? null : ofCluster.get(workload);
    }

    /** Replicas of the workload's copy in the cluster; 0 without a copy. */
    int replicas(String cluster, String workload) {
        Copy copy = copy(cluster, workload);
        return copy == null ? 0 : copy.replicas();
    }

    private static final class Handler implements ResourceEventHandler<GenericKubernetesResource> {
        private final Map<String, Copy> copies;

        Handler(Map<String, Copy> copies) {
            this.copies = copies;
        }

        @Override
        public void onAdd(GenericKubernetesResource object) {
            record(object);
        }

        @Override
        public void onUpdate(GenericKubernetesResource before, GenericKubernetesResource after) {
            record(after);
        }

        @Override
        public void onDelete(GenericKubernetesResource object, boolean finalStateUnknown) {
            copies.put(object.getMetadata().getName(), new Copy(0, System.nanoTime()));
        }

        private void record(GenericKubernetesResource object) {
            long now = System.nanoTime();
            Map<String, String> labels = object.getMetadata().getLabels();
            if (labels == null || !labels.containsKey(BenchFleet.BINDING_LABEL)) {
                return;
            }
            int replicas = BenchObjects.replicasOf(object);
            copies.compute(object.getMetadata().getName(), (name, old) ->
                    old != null && old.replicas() == replicas ? old : new Copy(replicas, now));
        }
    }

    @Override
    public void close() {
        informers.forEach(SharedIndexInformer::close);
    }
}
