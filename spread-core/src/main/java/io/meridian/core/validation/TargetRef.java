package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** A WorkloadSpread targetRef as written; fields of the wrong type read as empty. */
record TargetRef(String apiVersion, String kind, String name) {

    static Optional<TargetRef> read(JsonNode node, FieldPath path, FieldErrors errors) {
        return Fields.object(node, path, errors).map(ref -> new TargetRef(
                Fields.string(Fields.member(ref, "apiVersion"), path.child("apiVersion"), errors).orElse(""),
                Fields.string(Fields.member(ref, "kind"), path.child("kind"), errors).orElse(""),
                Fields.string(Fields.member(ref, "name"), path.child("name"), errors).orElse("")));
    }

    /** Reads a targetRef of another object, ignoring type problems. */
    static Optional<TargetRef> readQuietly(JsonNode workloadSpread) {
        return read(Fields.member(Fields.member(workloadSpread, "spec"), "targetRef"), FieldPath.ROOT, new FieldErrors());
    }

    boolean isIncomplete() {
        return apiVersion.isEmpty() || kind.isEmpty() || name.isEmpty();
    }

    String group() {
        int slash = apiVersion.indexOf('/');
        return slash < 0 ? "" : apiVersion.substring(0, slash);
    }

    /** Same workload: group, kind and name equal; the version does not matter. */
    boolean sameWorkload(TargetRef other) {
        return group().equals(other.group()) && kind.equals(other.kind) && name.equals(other.name);
    }
}
