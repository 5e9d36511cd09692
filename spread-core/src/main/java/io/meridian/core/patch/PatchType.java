package io.meridian.core.patch;

import java.util.Map;

/** The patch metadata of one Kubernetes type: the fields that are not plain maps or replaced lists. */
record PatchType(Map<String, PatchField> fields) {
    /** A type with no declared strategy: maps merge recursively, lists are replaced. */
    static final PatchType OPAQUE = new PatchType(Map.of());

    PatchField field(String name) {
        PatchField declared = fields.get(name);
        return declared == null ? PatchField.object(OPAQUE) : declared;
    }
}
