package io.meridian.core.karmada.rebalancer;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.meridian.core.karmada.scheduler.BindingKey;
import java.util.Comparator;

/** An entry of {@code spec.workloads}: an ObjectReference; an empty namespace means cluster-scoped. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record WorkloadReference(String apiVersion, String kind, String namespace, String name) {
    /** Byte-wise ascending on "apiVersion kind namespace name" (§2.2 step 3). */
    public static final Comparator<WorkloadReference> ORDER =
            Comparator.comparing(WorkloadReference::sortKey, WorkloadReference::compareBytes);

    public WorkloadReference {
        apiVersion = apiVersion == null ? "" : apiVersion;
        kind = kind == null ? "" : kind;
        namespace = namespace == null ? "" : namespace;
        name = name == null ? "" : name;
    }

    public String sortKey() {
        return apiVersion + " " + kind + " " + namespace + " " + name;
    }

    public BindingKey bindingKey() {
        return BindingKey.forWorkload(kind, namespace, name);
    }

    private static int compareBytes(String a, String b) {
        byte[] x = a.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] y = b.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return java.util.Arrays.compareUnsigned(x, y);
    }
}
