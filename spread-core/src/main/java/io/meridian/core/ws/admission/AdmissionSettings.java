package io.meridian.core.ws.admission;

import io.meridian.core.ws.PodVersions;
import java.util.Set;

/**
 * Cluster-wide configuration the webhook reads: the target kinds (with the custom-workload whitelist)
 * and the kinds with versioned status ({@code --ws-enabled-versioned-status}, already normalised).
 */
public record AdmissionSettings(WorkloadKinds kinds, Set<String> versionedStatusKinds) {
    public AdmissionSettings {
        versionedStatusKinds = Set.copyOf(versionedStatusKinds);
    }

    public static AdmissionSettings defaults() {
        return new AdmissionSettings(WorkloadKinds.builtInOnly(), PodVersions.DEFAULT_ENABLED_KINDS);
    }
}
