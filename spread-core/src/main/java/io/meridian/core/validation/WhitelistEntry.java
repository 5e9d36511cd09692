package io.meridian.core.validation;

import java.util.List;

/** One custom workload kind allowed as a WorkloadSpread target (kruise-configuration whitelist). */
public record WhitelistEntry(String group, String version, String kind, String replicasPath,
                             List<WhitelistEntry> subResources) {
    public WhitelistEntry {
        subResources = subResources == null ? List.of() : List.copyOf(subResources);
    }

    public boolean permits(String targetGroup, String targetKind) {
        return group.equals(targetGroup) && kind.equals(targetKind);
    }
}
