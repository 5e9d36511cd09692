package io.meridian.command.ws.api;

import java.time.Instant;
import java.util.List;

/**
 * Pods that carried no subset of the spread (admitted unchanged while the webhook could not answer, or created
 * before the spread) and that a sync adopted into a subset with room: each with its subset, a one-line reason
 * and its own domain sequence, so that the placements can show them like admitted pods. The inputs of the
 * decision are those of the {@link WorkloadSpreadSynced} with the same {@code decisionId}.
 */
public record PodsAdopted(String id, String decisionId, String kernelVersion, Instant now, List<Adopted> pods) {
    public PodsAdopted {
        pods = List.copyOf(pods);
    }

    /** One adopted pod. */
    public record Adopted(String pod, String podUid, String subset, String reason, long domainSequence) {
    }

    /** The domain sequence after these pods. */
    public long nextDomainSequence() {
        return pods.get(pods.size() - 1).domainSequence() + 1;
    }
}
