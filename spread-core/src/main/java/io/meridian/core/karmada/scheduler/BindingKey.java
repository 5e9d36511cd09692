package io.meridian.core.karmada.scheduler;

import java.util.Comparator;
import java.util.Locale;

/** Identity of a binding: kind, namespace ("" when cluster-scoped) and name. */
public record BindingKey(BindingKind kind, String namespace, String name) implements Comparable<BindingKey> {
    private static final Comparator<BindingKey> ORDER = Comparator.comparing(BindingKey::kind)
            .thenComparing(BindingKey::namespace).thenComparing(BindingKey::name);

    public BindingKey {
        namespace = namespace == null ? "" : namespace;
    }

    /**
     * The binding of a workload. Karmada names it lower-case {@code <name>-<kind>} with every ':' turned into '.';
     * a namespaced workload gets a ResourceBinding in its namespace, a cluster-scoped one a ClusterResourceBinding.
     * A UnitedDeployment is its own binding.
     */
    public static BindingKey forWorkload(String kind, String namespace, String name) {
        if (BindingKind.UnitedDeployment.name().equals(kind)) {
            return new BindingKey(BindingKind.UnitedDeployment, namespace, name);
        }
        String bindingName = (name + "-" + kind).toLowerCase(Locale.ROOT).replace(':', '.');
        boolean clusterScoped = namespace == null || namespace.isEmpty();
        return clusterScoped
                ? new BindingKey(BindingKind.ClusterResourceBinding, "", bindingName)
                : new BindingKey(BindingKind.ResourceBinding, namespace, bindingName);
    }

    @Override
    public int compareTo(BindingKey other) {
        return ORDER.compare(this, other);
    }
}
