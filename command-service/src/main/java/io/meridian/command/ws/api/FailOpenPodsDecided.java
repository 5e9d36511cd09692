package io.meridian.command.ws.api;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the spread has decided, and not yet seen done, about pods that came without a subset (admitted unchanged
 * while the webhook could not answer): {@code adopting} (by pod uid) are being patched into a subset,
 * {@code rescheduling} (pod uids) are being deleted; {@code decidedAt} is when their mutations were last sent.
 * Recorded whole after a sync that changed it, so that the next syncs keep to those decisions until the cluster
 * shows them done.
 */
public record FailOpenPodsDecided(String id, String decisionId, Map<String, PendingAdoption> adopting,
                                  List<String> rescheduling, Instant decidedAt) {
    public FailOpenPodsDecided {
        adopting = adopting == null ? Map.of() : Map.copyOf(adopting);
        rescheduling = rescheduling == null ? List.of() : List.copyOf(rescheduling);
    }
}
