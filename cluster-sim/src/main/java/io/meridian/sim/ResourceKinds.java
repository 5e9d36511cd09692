package io.meridian.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The kinds a simulated cluster knows: the built-in ones the simulation acts on, and the custom
 * resources of Kruise, Karmada and Meridian (stored and watched as generic resources).
 */
public final class ResourceKinds {

  public static final String KRUISE = "apps.kruise.io";
  public static final String MERIDIAN = "apps.meridian.io";

  public static final ResourceKind POD = builtIn("", "v1", "Pod", "pods", true, false);
  public static final ResourceKind NODE = builtIn("", "v1", "Node", "nodes", false, false);
  public static final ResourceKind NAMESPACE = builtIn("", "v1", "Namespace", "namespaces", false, false);
  public static final ResourceKind DEPLOYMENT = builtIn("apps", "v1", "Deployment", "deployments", true, true);
  public static final ResourceKind REPLICA_SET = builtIn("apps", "v1", "ReplicaSet", "replicasets", true, true);
  public static final ResourceKind STATEFUL_SET = builtIn("apps", "v1", "StatefulSet", "statefulsets", true, true);
  public static final ResourceKind JOB = builtIn("batch", "v1", "Job", "jobs", true, false);
  public static final ResourceKind CUSTOM_RESOURCE_DEFINITION = builtIn("apiextensions.k8s.io", "v1",
      "CustomResourceDefinition", "customresourcedefinitions", false, false);
  public static final ResourceKind CLONE_SET = custom(KRUISE, "v1alpha1", "CloneSet", "clonesets", true, true);
  public static final ResourceKind ADVANCED_STATEFUL_SET_BETA =
      custom(KRUISE, "v1beta1", "StatefulSet", "statefulsets", true, true);
  public static final ResourceKind ADVANCED_STATEFUL_SET_ALPHA =
      custom(KRUISE, "v1alpha1", "StatefulSet", "statefulsets", true, true);

  private final List<ResourceKind> kinds = new CopyOnWriteArrayList<>();

  public ResourceKinds() {
    kinds.addAll(List.of(POD, NODE, NAMESPACE, DEPLOYMENT, REPLICA_SET, STATEFUL_SET, JOB,
        builtIn("", "v1", "ConfigMap", "configmaps", true, false),
        builtIn("", "v1", "Service", "services", true, false),
        builtIn("batch", "v1", "CronJob", "cronjobs", true, false),
        builtIn("apps", "v1", "DaemonSet", "daemonsets", true, false),
        builtIn("coordination.k8s.io", "v1", "Lease", "leases", true, false),
        builtIn("admissionregistration.k8s.io", "v1", "MutatingWebhookConfiguration",
            "mutatingwebhookconfigurations", false, false),
        builtIn("admissionregistration.k8s.io", "v1", "ValidatingWebhookConfiguration",
            "validatingwebhookconfigurations", false, false),
        builtIn("autoscaling", "v2", "HorizontalPodAutoscaler", "horizontalpodautoscalers", true, false),
        CUSTOM_RESOURCE_DEFINITION,
        CLONE_SET, ADVANCED_STATEFUL_SET_BETA, ADVANCED_STATEFUL_SET_ALPHA));
    for (String version : List.of("v1alpha1", "v1beta1")) {
      kinds.add(custom(KRUISE, version, "WorkloadSpread", "workloadspreads", true, false));
      kinds.add(custom(KRUISE, version, "UnitedDeployment", "uniteddeployments", true, true));
    }
    kinds.add(custom(MERIDIAN, "v1alpha1", "WorkloadSpread", "workloadspreads", true, false));
    kinds.add(custom(MERIDIAN, "v1alpha1", "UnitedDeployment", "uniteddeployments", true, true));
    kinds.add(custom(MERIDIAN, "v1alpha1", "WorkloadRebalancer", "workloadrebalancers", false, false));
    kinds.add(custom(MERIDIAN, "v1alpha1", "PropagationPolicy", "propagationpolicies", true, false));
    kinds.add(custom(MERIDIAN, "v1alpha1", "MemberCluster", "memberclusters", false, false));
    kinds.add(custom(MERIDIAN, "v1alpha1", "ClusterPropagationPolicy", "clusterpropagationpolicies", false, false));
    kinds.add(custom("apps.karmada.io", "v1alpha1", "WorkloadRebalancer", "workloadrebalancers", false, false));
    kinds.add(custom("policy.karmada.io", "v1alpha1", "PropagationPolicy", "propagationpolicies", true, false));
    kinds.add(custom("policy.karmada.io", "v1alpha1", "ClusterPropagationPolicy", "clusterpropagationpolicies",
        false, false));
    kinds.add(custom("work.karmada.io", "v1alpha2", "ResourceBinding", "resourcebindings", true, false));
    kinds.add(custom("cluster.karmada.io", "v1alpha1", "Cluster", "clusters", false, false));
  }

  private static ResourceKind builtIn(String group, String version, String kind, String plural, boolean namespaced,
      boolean scale) {
    return new ResourceKind(group, version, kind, plural, namespaced, scale, false);
  }

  private static ResourceKind custom(String group, String version, String kind, String plural, boolean namespaced,
      boolean scale) {
    return new ResourceKind(group, version, kind, plural, namespaced, scale, true);
  }

  /**
   * Adds a kind (e.g. another custom resource). Add it before the cluster starts, or apply its
   * CustomResourceDefinition to the running cluster instead.
   */
  public void add(ResourceKind kind) {
    if (byPath(kind.group(), kind.version(), kind.plural()).isEmpty()) {
      kinds.add(kind);
    }
  }

  /** The kinds a CustomResourceDefinition (as JSON) serves, one per served version. */
  static List<ResourceKind> of(com.fasterxml.jackson.databind.JsonNode crd) {
    com.fasterxml.jackson.databind.JsonNode spec = crd.path("spec");
    List<ResourceKind> served = new ArrayList<>();
    for (com.fasterxml.jackson.databind.JsonNode version : spec.path("versions")) {
      if (version.path("served").asBoolean(true)) {
        served.add(new ResourceKind(spec.path("group").asText(), version.path("name").asText(),
            spec.path("names").path("kind").asText(), spec.path("names").path("plural").asText(),
            !"Cluster".equals(spec.path("scope").asText()), version.path("subresources").has("scale"),
            version.path("subresources").has("status")));
      }
    }
    return served;
  }

  public List<ResourceKind> all() {
    return new ArrayList<>(kinds);
  }

  public List<ResourceKind> customResources() {
    return kinds.stream().filter(k -> k.group().contains(".") && !k.group().endsWith(".k8s.io")).toList();
  }

  /** Every kind with this name, or only the one of this apiVersion when it is given. */
  public List<ResourceKind> named(String apiVersionOrNull, String kind) {
    return kinds.stream().filter(k -> k.matches(apiVersionOrNull, kind)).toList();
  }

  public Optional<ResourceKind> byPath(String group, String version, String plural) {
    return kinds.stream()
        .filter(k -> k.group().equals(group) && k.version().equals(version) && k.plural().equals(plural))
        .findFirst();
  }
}
