package io.meridian.command.federation;

import java.util.Set;

/**
 * Namespaces whose objects are never propagated, whatever policy selects them, as Karmada's resource detector skips
 * them: the control plane's own ({@code karmada-system}, {@code karmada-cluster}, the per-member execution spaces
 * {@code karmada-es-*}, and Meridian's {@code meridian-system}) and the cluster's own ({@code kube-*}, Karmada's
 * default for skipped propagating namespaces). A ClusterPropagationPolicy selecting every Deployment therefore does
 * not copy CoreDNS or Meridian's own services to the members.
 */
public final class ReservedNamespaces {
    private static final Set<String> CONTROL_PLANE = Set.of("karmada-system", "karmada-cluster", "meridian-system");

    private ReservedNamespaces() {
    }

    public static boolean isReserved(String namespace) {
        return CONTROL_PLANE.contains(namespace) || namespace.startsWith("karmada-es-") || namespace.startsWith("kube-");
    }
}
