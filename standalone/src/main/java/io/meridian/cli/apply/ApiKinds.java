package io.meridian.cli.apply;

import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.Locale;
import java.util.Set;

/**
 * Where a manifest's kind lives in the API (group, version, plural, scope) without asking the server: the kinds
 * Meridian, Kruise and Karmada define and the usual built-in ones. Plurals follow Kubernetes' regular rule.
 */
public final class ApiKinds {
    /** Kinds without a namespace; any other kind is namespaced. */
    static final Set<String> CLUSTER_SCOPED = Set.of("Namespace", "Node", "PersistentVolume", "StorageClass",
            "ClusterRole", "ClusterRoleBinding", "CustomResourceDefinition", "PriorityClass",
            "MutatingWebhookConfiguration", "ValidatingWebhookConfiguration", "WorkloadRebalancer",
            "ClusterPropagationPolicy", "ClusterOverridePolicy", "MemberCluster", "Cluster", "ClusterResourceBinding");

    private ApiKinds() {
    }

    public static boolean namespaced(String kind) {
        return !CLUSTER_SCOPED.contains(kind);
    }

    public static ResourceDefinitionContext context(String apiVersion, String kind) {
        int slash = apiVersion.indexOf('/');
        String group = slash < 0 ? "" : apiVersion.substring(0, slash);
        String version = slash < 0 ? apiVersion : apiVersion.substring(slash + 1);
        return new ResourceDefinitionContext.Builder().withGroup(group).withVersion(version).withKind(kind)
                .withPlural(plural(kind)).withNamespaced(namespaced(kind)).build();
    }

    static String plural(String kind) {
        String lower = kind.toLowerCase(Locale.ROOT);
        if (lower.endsWith("y") && lower.length() > 1 && "aeiou".indexOf(lower.charAt(lower.length() - 2)) < 0) {
            return lower.substring(0, lower.length() - 1) + "ies";
        }
        if (lower.endsWith("s") || lower.endsWith("x") || lower.endsWith("ch") || lower.endsWith("sh")) {
            return lower + "es";
        }
        return lower + "s";
    }
}
