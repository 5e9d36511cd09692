package io.meridian.agent;

import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.List;

/** A kind the agent watches, addressed generically so built-in and custom kinds take the same path. */
public record WatchedResource(String group, String version, String plural, String kind, boolean namespaced) {

    public String apiVersion() {
        return group.isEmpty() ? version : group + "/" + version;
    }

    ResourceDefinitionContext context() {
        return new ResourceDefinitionContext.Builder().withGroup(group).withVersion(version).withPlural(plural)
                .withKind(kind).withNamespaced(namespaced).build();
    }

    /** Pods, nodes, the workloads a spread can target, and the custom resources Meridian understands. */
    public static List<WatchedResource> defaults() {
        return List.of(
                new WatchedResource("", "v1", "pods", "Pod", true),
                new WatchedResource("", "v1", "nodes", "Node", false),
                new WatchedResource("apps", "v1", "deployments", "Deployment", true),
                new WatchedResource("apps", "v1", "replicasets", "ReplicaSet", true),
                new WatchedResource("apps", "v1", "statefulsets", "StatefulSet", true),
                new WatchedResource("batch", "v1", "jobs", "Job", true),
                new WatchedResource("apps.kruise.io", "v1alpha1", "clonesets", "CloneSet", true),
                new WatchedResource("apps.kruise.io", "v1beta1", "statefulsets", "StatefulSet", true),
                new WatchedResource("apps.kruise.io", "v1alpha1", "workloadspreads", "WorkloadSpread", true),
                new WatchedResource("apps.kruise.io", "v1alpha1", "uniteddeployments", "UnitedDeployment", true),
                new WatchedResource("apps.kruise.io", "v1beta1", "uniteddeployments", "UnitedDeployment", true),
                new WatchedResource("apps.meridian.io", "v1alpha1", "workloadspreads", "WorkloadSpread", true),
                new WatchedResource("apps.meridian.io", "v1alpha1", "uniteddeployments", "UnitedDeployment", true),
                new WatchedResource("apps.meridian.io", "v1alpha1", "workloadrebalancers", "WorkloadRebalancer", false),
                new WatchedResource("apps.meridian.io", "v1alpha1", "propagationpolicies", "PropagationPolicy", true),
                new WatchedResource("apps.karmada.io", "v1alpha1", "workloadrebalancers", "WorkloadRebalancer", false),
                new WatchedResource("policy.karmada.io", "v1alpha1", "propagationpolicies", "PropagationPolicy", true),
                new WatchedResource("apps.meridian.io", "v1alpha1", "clusterpropagationpolicies",
                        "ClusterPropagationPolicy", false),
                new WatchedResource("policy.karmada.io", "v1alpha1", "clusterpropagationpolicies",
                        "ClusterPropagationPolicy", false),
                new WatchedResource("apps.meridian.io", "v1alpha1", "memberclusters", "MemberCluster", false),
                new WatchedResource("cluster.karmada.io", "v1alpha1", "clusters", "Cluster", false));
    }
}
