package io.meridian.standalone.run;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.meridian.sim.ResourceKind;
import io.meridian.sim.SimulatedCluster;
import io.meridian.sim.SimulatedFleet;
import io.meridian.standalone.scenario.Counts;
import io.meridian.standalone.scenario.Step;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The {@code unitedDeployment} expectation: the {@code spec.replicas} of each subset workload of a
 * UnitedDeployment of the host cluster, read from the clusters themselves. A subset workload is a Deployment,
 * StatefulSet, CloneSet or Advanced StatefulSet with the {@code apps.kruise.io/subset-name} label that the
 * UnitedDeployment controls (owner reference, in the host) or that carries Meridian's owner annotation (in a
 * member cluster a subset names). The map is complete: a subset not listed must have 0 replicas.
 */
final class UnitedDeploymentCheck {
    static final String SUBSET_LABEL = "apps.kruise.io/subset-name";
    static final String OWNER_ANNOTATION = "apps.meridian.io/united-deployment";
    private static final Set<String> SUBSET_KINDS = Set.of("Deployment", "StatefulSet", "CloneSet");

    private final SimulatedFleet fleet;

    UnitedDeploymentCheck(SimulatedFleet fleet) {
        this.fleet = fleet;
    }

    /** Null when the replicas are exactly the expected ones, else what was seen. */
    String check(Step.UnitedDeploymentSubsets expected) {
        SimulatedCluster host = fleet.host();
        if (host.api().get("UnitedDeployment", expected.namespace(), expected.name()) == null) {
            return "no UnitedDeployment " + expected.namespace() + "/" + expected.name() + " in " + host.name();
        }
        Map<String, Integer> seen;
        try {
            seen = replicas(host.name(), expected.namespace(), expected.name());
        } catch (KubernetesClientException e) {
            // a cluster slow to answer is looked at again at the next poll, as a person would
            return "could not read every cluster: " + e.getMessage();
        }
        boolean holds = expected.subsets().entrySet().stream()
                .allMatch(e -> seen.getOrDefault(e.getKey(), 0).intValue() == e.getValue())
                && seen.entrySet().stream().allMatch(e -> expected.subsets().containsKey(e.getKey()) || e.getValue() == 0);
        return holds ? null : "saw " + Counts.format(inExpectedOrder(expected.subsets(), seen));
    }

    /** Subset name to the summed spec.replicas of its workloads, over every cluster of the fleet. */
    Map<String, Integer> replicas(String hostCluster, String namespace, String name) {
        String owner = hostCluster + "/" + namespace + "/" + name;
        Map<String, Integer> replicas = new LinkedHashMap<>();
        for (SimulatedCluster cluster : fleet.clusters()) {
            for (ResourceKind kind : cluster.kinds().all()) {
                if (!SUBSET_KINDS.contains(kind.kind()) || !kind.namespaced()) {
                    continue;
                }
                for (GenericKubernetesResource workload : cluster.client().genericKubernetesResources(kind.context())
                        .inNamespace(namespace).list().getItems()) {
                    String subset = label(workload);
                    boolean owned = owner.equals(annotation(workload))
                            || cluster.name().equals(hostCluster) && controlledBy(workload, name);
                    if (subset != null && owned && workload.getMetadata().getDeletionTimestamp() == null) {
                        replicas.merge(subset, specReplicas(workload), Integer::sum);
                    }
                }
            }
        }
        return replicas;
    }

    private static Map<String, Integer> inExpectedOrder(Map<String, Integer> expected, Map<String, Integer> seen) {
        Map<String, Integer> out = new LinkedHashMap<>();
        expected.keySet().forEach(k -> out.put(k, seen.getOrDefault(k, 0)));
        seen.forEach(out::putIfAbsent);
        return out;
    }

    private static String label(GenericKubernetesResource workload) {
        Map<String, String> labels = workload.getMetadata().getLabels();
        return labels == null ? null : labels.get(SUBSET_LABEL);
    }

    private static String annotation(GenericKubernetesResource workload) {
        Map<String, String> annotations = workload.getMetadata().getAnnotations();
        return annotations == null ? null : annotations.get(OWNER_ANNOTATION);
    }

    private static boolean controlledBy(GenericKubernetesResource workload, String udName) {
        if (workload.getMetadata().getOwnerReferences() == null) {
            return false;
        }
        for (OwnerReference ref : workload.getMetadata().getOwnerReferences()) {
            if (Boolean.TRUE.equals(ref.getController()) && "UnitedDeployment".equals(ref.getKind())
                    && udName.equals(ref.getName())) {
                return true;
            }
        }
        return false;
    }

    private static int specReplicas(GenericKubernetesResource workload) {
        return Serialization.jsonMapper().valueToTree(workload).path("spec").path("replicas").asInt(1);
    }
}
