package io.meridian.command.outbound;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * The fields of a stored {@code PodsAdmitted} that its {@code PodAdmitted} domain events carry, read straight from the
 * event store's bytes: the rest (the cluster objects, each pod but its name) is skipped without being built.
 * Classes filled field by field, not records: Jackson builds a record through its constructor and, until it has
 * every argument, copies each property it does not know into a buffer (the cluster objects and pods again), which
 * made reading a batch slower than reading it as a tree; a class's unknown properties are skipped outright.
 */
final class StoredAdmissions {
    public String id;
    public Instant now;
    public List<Admission> admissions = List.of();

    static final class Admission {
        public String decisionId;
        public String requestUid;
        public String generatedId;
        public long domainSequence;
        public Outcome outcome;
        public Pod pod;

        /** The outcome; one without fields when the stored admission has none (its fields are published as null). */
        Outcome outcomeOrNone() {
            return outcome == null ? new Outcome() : outcome;
        }

        /** The pod's name; a pod without one (named by the API server) is known by the name generated for it. */
        String podName() {
            return pod == null || pod.metadata == null || pod.metadata.name == null ? generatedId : pod.metadata.name;
        }
    }

    static final class Outcome {
        public String verdict;
        public String subset;
        public String reason;
        public JsonNode patch;
    }

    static final class Pod {
        public Metadata metadata;
    }

    static final class Metadata {
        public String name;
    }
}
