package io.meridian.bench.federation;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import java.util.Map;

/** The manifests the federation benchmarks apply to the host: resource templates, policies, a rebalancer. */
final class BenchObjects {
    static final String GROUP_LABEL = "bench.meridian.io/group";

    private BenchObjects() {
    }

    static String workloadName(int index) {
        return AgentReports.workloadName(index);
    }

    /** A Deployment template in the host, labelled with its policy group. */
    static GenericKubernetesResource template(int index, int replicas, String group) {
        String name = workloadName(index);
        return parse("""
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: %s, namespace: %s, labels: {app: %s, %s: %s}}
                spec:
                  replicas: %d
                  selector: {matchLabels: {app: %s}}
                  template:
                    metadata: {labels: {app: %s}}
                    spec:
                      containers: [{name: app, image: registry.example.com/bench/app:1.4.2}]
                """.formatted(name, BenchFleet.NAMESPACE, name, GROUP_LABEL, group, replicas, name, name));
    }

    /**
     * A PropagationPolicy selecting the group's templates by label and dividing them over the named
     * members, by free capacity ({@code dynamic}) or by equal static weights.
     */
    static GenericKubernetesResource policy(String group, List<String> members, boolean dynamic) {
        String weights = dynamic ? "dynamicWeight: AvailableReplicas"
                : "staticWeightList:\n" + members.stream()
                        .map(m -> "          - {targetCluster: {clusterNames: [" + m + "]}, weight: 1}")
                        .reduce((a, b) -> a + "\n" + b).orElseThrow();
        return parse("""
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: %s, namespace: %s}
                spec:
                  resourceSelectors:
                  - apiVersion: apps/v1
                    kind: Deployment
                    labelSelector: {matchLabels: {%s: %s}}
                  placement:
                    clusterAffinity: {clusterNames: [%s]}
                    replicaScheduling:
                      replicaSchedulingType: Divided
                      replicaDivisionPreference: Weighted
                      weightPreference:
                        %s
                """.formatted(group, BenchFleet.NAMESPACE, GROUP_LABEL, group, String.join(", ", members), weights));
    }

    /** A WorkloadRebalancer naming every template. */
    static GenericKubernetesResource rebalancer(String name, int workloads) {
        StringBuilder yaml = new StringBuilder("""
                apiVersion: apps.karmada.io/v1alpha1
                kind: WorkloadRebalancer
                metadata: {name: %s}
                spec:
                  workloads:
                """.formatted(name));
        for (int i = 0; i < workloads; i++) {
            yaml.append("  - {apiVersion: apps/v1, kind: Deployment, namespace: ").append(BenchFleet.NAMESPACE)
                    .append(", name: ").append(workloadName(i)).append("}\n");
        }
        return parse(yaml.toString());
    }

    private static GenericKubernetesResource parse(String yaml) {
        return Serialization.unmarshal(yaml, GenericKubernetesResource.class);
    }
}
