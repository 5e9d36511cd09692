package io.meridian.command.ws;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.ws.api.PodsAdopted;
import io.meridian.core.KernelVersion;
import io.meridian.core.ws.controller.AdoptionPatch;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The event of a sync's new adoptions: one entry per adopted pod, numbered from {@code nextSequence}. */
final class Adoptions {
    private Adoptions() {
    }

    static PodsAdopted decided(String id, String decisionId, Instant now, String spread, List<AdoptionPatch> adoptions,
                               List<JsonNode> pods, long nextSequence) {
        List<PodsAdopted.Adopted> adopted = new ArrayList<>();
        long sequence = nextSequence;
        for (AdoptionPatch adoption : adoptions) {
            adopted.add(new PodsAdopted.Adopted(adoption.podName(), uidOf(adoption.podName(), pods), adoption.subset(),
                    spread + ": pod had no subset (admitted without a decision, or created before the spread); adopted into "
                            + adoption.subset() + ", which has room", sequence++));
        }
        return new PodsAdopted(id, decisionId, KernelVersion.VALUE, now, adopted);
    }

    private static String uidOf(String podName, List<JsonNode> pods) {
        for (JsonNode pod : pods) {
            if (podName.equals(pod.path("metadata").path("name").asText())) {
                return pod.path("metadata").path("uid").asText(null);
            }
        }
        return null;
    }
}
