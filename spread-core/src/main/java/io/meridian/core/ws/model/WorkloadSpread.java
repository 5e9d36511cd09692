package io.meridian.core.ws.model;

import java.util.Map;

/**
 * A WorkloadSpread as the kernel sees it: identity, the annotations that change behaviour, spec and status.
 */
public record WorkloadSpread(String namespace, String name, String uid, Map<String, String> annotations,
                             Long generation, WorkloadSpreadSpec spec, WorkloadSpreadStatus status) {
    public static final String IGNORE_PATCH_EXISTING_PODS_METADATA =
            "workloadspread.kruise.io/ignore-patch-existing-pods-metadata";

    public WorkloadSpread {
        annotations = annotations == null ? Map.of() : Map.copyOf(annotations);
        status = status == null ? WorkloadSpreadStatus.EMPTY : status;
    }
}
