package io.meridian.schemas;

import com.fasterxml.jackson.annotation.JsonInclude;

/** Identifies a Kubernetes object in one cluster. {@code namespace} is "" for cluster-scoped objects. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ObjectRef(String apiVersion, String kind, String namespace, String name, String uid, String resourceVersion) {
    public ObjectRef {
        namespace = namespace == null ? "" : namespace;
    }
}
