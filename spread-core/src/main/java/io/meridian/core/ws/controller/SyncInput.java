package io.meridian.core.ws.controller;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.meridian.core.ws.model.WorkloadSpread;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Everything one sync of a WorkloadSpread reads.
 *
 * @param pods                 the pods owned (transitively) by the target, in any order
 * @param nodes                the Node objects that exist
 * @param versionedStatusKinds the {@code --ws-enabled-versioned-status} kinds
 * @param whitelist            the whitelist entry for the target's group/version/kind, if listed
 */
public record SyncInput(WorkloadSpread spread, TargetWorkload workload, List<Pod> pods, List<Node> nodes,
                        Instant now, Set<String> versionedStatusKinds, Optional<WhitelistEntry> whitelist) {
    public SyncInput {
        pods = pods == null ? List.of() : List.copyOf(pods);
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
        versionedStatusKinds = versionedStatusKinds == null ? Set.of() : Set.copyOf(versionedStatusKinds);
        whitelist = whitelist == null ? Optional.empty() : whitelist;
    }
}
