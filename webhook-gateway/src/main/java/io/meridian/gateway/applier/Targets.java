package io.meridian.gateway.applier;

import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.meridian.schemas.ObjectRef;
import java.util.Locale;
import java.util.Map;

/** Where a mutation's target lives in the API: group, version, plural and scope, without API discovery. */
public final class Targets {
    /** apiVersion of the kinds a mutation may name without one. */
    private static final Map<String, String> DEFAULT_API_VERSIONS = Map.of(
            "Pod", "v1", "Deployment", "apps/v1", "ReplicaSet", "apps/v1", "StatefulSet", "apps/v1",
            "Job", "batch/v1", "CloneSet", "apps.kruise.io/v1alpha1", "WorkloadSpread", "apps.kruise.io/v1alpha1",
            "UnitedDeployment", "apps.kruise.io/v1alpha1", "WorkloadRebalancer", "apps.karmada.io/v1alpha1");

    private Targets() {
    }

    static String apiVersion(ObjectRef target) {
        if (target.apiVersion() != null && !target.apiVersion().isBlank()) {
            return target.apiVersion();
        }
        String known = DEFAULT_API_VERSIONS.get(target.kind());
        if (known == null) {
            throw new IllegalArgumentException("target.apiVersion is missing and kind " + target.kind() + " has no default");
        }
        return known;
    }

    public static ResourceDefinitionContext context(ObjectRef target) {
        String apiVersion = apiVersion(target);
        int slash = apiVersion.indexOf('/');
        String group = slash < 0 ? "" : apiVersion.substring(0, slash);
        String version = slash < 0 ? apiVersion : apiVersion.substring(slash + 1);
        return new ResourceDefinitionContext.Builder().withGroup(group).withVersion(version).withKind(target.kind())
                .withPlural(plural(target.kind())).withNamespaced(!target.namespace().isEmpty()).build();
    }

    /** The resource name of a kind, as Kubernetes forms it for regular kinds. */
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

    static String describe(ObjectRef target) {
        return target.kind() + " " + (target.namespace().isEmpty() ? "" : target.namespace() + "/") + target.name();
    }
}
