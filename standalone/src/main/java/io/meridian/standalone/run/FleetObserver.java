package io.meridian.standalone.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.meridian.core.ws.MatchedWorkloadSpread;
import io.meridian.sim.SimulatedFleet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads what the scenario checks from the simulated clusters themselves (the simulation's own connection). */
public final class FleetObserver {
    static final String DELETION_COST = "controller.kubernetes.io/pod-deletion-cost";
    private final SimulatedFleet fleet;

    public FleetObserver(SimulatedFleet fleet) {
        this.fleet = fleet;
    }

    /** The spread's pods per subset, as {@link SpreadSnapshot} describes. */
    public SpreadSnapshot spread(String cluster, String namespace, String name) {
        var sim = fleet.cluster(cluster);
        GenericKubernetesResource spread = sim.api().get("WorkloadSpread", namespace, name);
        if (spread == null) {
            return SpreadSnapshot.missing(cluster, namespace, name);
        }
        JsonNode node = Serialization.jsonMapper().valueToTree(spread);
        JsonNode target = node.path("spec").path("targetRef");
        String targetKind = target.path("kind").asText("");
        String targetName = target.path("name").asText("");
        Map<String, Counter> subsets = new LinkedHashMap<>();
        node.path("spec").path("subsets").forEach(s -> subsets.put(s.path("name").asText(), new Counter()));
        subsets.put(SpreadSnapshot.NO_SUBSET, new Counter());

        KubernetesClient client = sim.client();
        Map<String, OwnerReference> replicaSetOwners = new HashMap<>();
        for (ReplicaSet rs : client.apps().replicaSets().inNamespace(namespace).list().getItems()) {
            replicaSetOwners.put(rs.getMetadata().getName(), controllerOf(rs.getMetadata().getOwnerReferences()));
        }
        for (Pod pod : client.pods().inNamespace(namespace).list().getItems()) {
            if (!active(pod) || !ownedBy(pod, targetKind, targetName, replicaSetOwners)) {
                continue;
            }
            String subset = MatchedWorkloadSpread.fromAnnotations(pod.getMetadata().getAnnotations())
                    .filter(m -> m.name().equals(name))
                    .map(MatchedWorkloadSpread::subset)
                    .orElse(SpreadSnapshot.NO_SUBSET);
            subsets.computeIfAbsent(subset, k -> new Counter()).add(pod);
        }
        Map<String, SpreadSnapshot.SubsetPods> out = new LinkedHashMap<>();
        subsets.forEach((k, v) -> out.put(k, v.snapshot()));
        return new SpreadSnapshot(cluster, namespace, name, true, out);
    }

    private static boolean ownedBy(Pod pod, String kind, String name, Map<String, OwnerReference> replicaSetOwners) {
        OwnerReference owner = controllerOf(pod.getMetadata().getOwnerReferences());
        if (owner == null) {
            return false;
        }
        if (owner.getKind().equals(kind) && owner.getName().equals(name)) {
            return true;
        }
        if (owner.getKind().equals("ReplicaSet")) {
            OwnerReference deployment = replicaSetOwners.get(owner.getName());
            return deployment != null && deployment.getKind().equals(kind) && deployment.getName().equals(name);
        }
        return false;
    }

    private static OwnerReference controllerOf(List<OwnerReference> owners) {
        return owners == null ? null
                : owners.stream().filter(o -> Boolean.TRUE.equals(o.getController())).findFirst().orElse(null);
    }

    static boolean active(Pod pod) {
        String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
        return pod.getMetadata().getDeletionTimestamp() == null && !"Succeeded".equals(phase) && !"Failed".equals(phase);
    }

    private static final class Counter {
        int running;
        int pending;
        int creating;
        final Map<Long, Integer> costs = new HashMap<>();

        void add(Pod pod) {
            boolean bound = pod.getSpec() != null && pod.getSpec().getNodeName() != null && !pod.getSpec().getNodeName().isEmpty();
            boolean ready = pod.getStatus() != null && "Running".equals(pod.getStatus().getPhase())
                    && pod.getStatus().getConditions() != null && pod.getStatus().getConditions().stream()
                    .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
            if (!bound) {
                pending++;
            } else if (ready) {
                running++;
            } else {
                creating++;
            }
            cost(pod).ifPresent(c -> costs.merge(c, 1, Integer::sum));
        }

        SpreadSnapshot.SubsetPods snapshot() {
            return new SpreadSnapshot.SubsetPods(running, pending, creating, Map.copyOf(costs));
        }
    }

    private static Optional<Long> cost(Pod pod) {
        Map<String, String> annotations = pod.getMetadata().getAnnotations();
        String value = annotations == null ? null : annotations.get(DELETION_COST);
        try {
            return value == null ? Optional.empty() : Optional.of(Long.parseLong(value.trim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
