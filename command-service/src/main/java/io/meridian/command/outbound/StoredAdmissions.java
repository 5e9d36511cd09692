package io.meridian.command.outbound;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * The fields of a stored {@code PodsAdmitted} that its {@code PodAdmitted} domain events carry. Read straight from
 * the event store's bytes, so the rest (the cluster objects, each pod but its name) is skipped without being built.
 */
record StoredAdmissions(String id, Instant now, List<Admission> admissions) {

    record Admission(String decisionId, String requestUid, String generatedId, long domainSequence, Outcome outcome,
                     Pod pod) {

        /** The pod's name; a pod without one (named by the API server) is known by the name generated for it. */
        String podName() {
            return pod == null || pod.metadata() == null || pod.metadata().name() == null ? generatedId : pod.metadata().name();
        }
    }

    record Outcome(String verdict, String subset, String reason, JsonNode patch) {
    }

    record Pod(Metadata metadata) {
    }

    record Metadata(String name) {
    }
}
