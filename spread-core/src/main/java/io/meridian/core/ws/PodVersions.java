package io.meridian.core.ws;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The version of a pod for versioned subset statuses (§1.4). */
public final class PodVersions {
    public static final String VERSION_IGNORED = "versionIgnored";
    public static final String POD_TEMPLATE_HASH = "pod-template-hash";
    public static final String CONTROLLER_REVISION_HASH = "controller-revision-hash";
    /** The default of {@code --ws-enabled-versioned-status}. */
    public static final Set<String> DEFAULT_ENABLED_KINDS = Set.of("deployment", "replicaset");

    private PodVersions() {
    }

    /** Normalises a flag value: lower-case kinds, and enabling deployment enables replicaset. */
    public static Set<String> enabledKinds(Iterable<String> kinds) {
        java.util.TreeSet<String> enabled = new java.util.TreeSet<>();
        kinds.forEach(k -> enabled.add(k.toLowerCase(Locale.ROOT)));
        if (enabled.contains("deployment")) {
            enabled.add("replicaset");
        }
        return enabled;
    }

    /**
     * @param podKind the pod's own kind as the flag names it (usually "Pod"); may be null
     * @param ownerKind the kind of the pod's controller owner; may be null
     */
    public static String versionOf(String podKind, String ownerKind, Map<String, String> labels, Set<String> enabledKinds) {
        if (!isEnabled(podKind, enabledKinds) && !isEnabled(ownerKind, enabledKinds)) {
            return VERSION_IGNORED;
        }
        Map<String, String> l = labels == null ? Map.of() : labels;
        String hash = l.get(POD_TEMPLATE_HASH);
        if (hash != null) {
            return hash;
        }
        String revision = l.get(CONTROLLER_REVISION_HASH);
        if (revision != null) {
            return revision.substring(revision.lastIndexOf('-') + 1);
        }
        return VERSION_IGNORED;
    }

    private static boolean isEnabled(String kind, Set<String> enabledKinds) {
        return kind != null && enabledKinds.contains(kind.toLowerCase(Locale.ROOT));
    }
}
