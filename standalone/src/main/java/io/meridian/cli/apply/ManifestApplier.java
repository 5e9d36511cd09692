package io.meridian.cli.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.Objects;

/**
 * Creates or replaces one object as {@code kubectl apply} does for a person: created when missing, else its
 * content replaced (the stored status kept unless the manifest has one), retried on a write conflict.
 */
public final class ManifestApplier {
    static final int ATTEMPTS = 5;
    private final KubernetesClient client;

    public ManifestApplier(KubernetesClient client) {
        this.client = client;
    }

    /** What happened to one object. */
    public enum Outcome { created, configured, unchanged }

    public Outcome apply(JsonNode manifest) {
        String kind = manifest.path("kind").asText();
        String namespace = manifest.path("metadata").path("namespace").asText("default");
        ObjectNode document = manifest.deepCopy();
        if (ApiKinds.namespaced(kind)) {
            document.with("metadata").put("namespace", namespace);
        } else {
            document.with("metadata").remove("namespace");
        }
        GenericKubernetesResource object = Serialization.jsonMapper().convertValue(document,
                GenericKubernetesResource.class);
        var operation = client.genericKubernetesResources(ApiKinds.context(manifest.path("apiVersion").asText(), kind));
        Resource<GenericKubernetesResource> resource = ApiKinds.namespaced(kind)
                ? operation.inNamespace(namespace).resource(object) : operation.resource(object);
        for (int attempt = 1; ; attempt++) {
            GenericKubernetesResource existing = resource.get();
            if (existing == null) {
                resource.create();
                return Outcome.created;
            }
            if (sameContent(existing, object)) {
                return Outcome.unchanged;
            }
            object.getMetadata().setResourceVersion(existing.getMetadata().getResourceVersion());
            object.getMetadata().setUid(existing.getMetadata().getUid());
            object.getMetadata().setCreationTimestamp(existing.getMetadata().getCreationTimestamp());
            if (!object.getAdditionalProperties().containsKey("status")
                    && existing.getAdditionalProperties().containsKey("status")) {
                object.setAdditionalProperty("status", existing.getAdditionalProperties().get("status"));
            }
            try {
                resource.update();
                return Outcome.configured;
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409 || attempt == ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    /** Same labels, annotations and every field but metadata and status. */
    private static boolean sameContent(GenericKubernetesResource existing, GenericKubernetesResource wanted) {
        var a = new java.util.HashMap<>(existing.getAdditionalProperties());
        var b = new java.util.HashMap<>(wanted.getAdditionalProperties());
        a.remove("status");
        b.remove("status");
        return a.equals(b)
                && Objects.equals(existing.getMetadata().getLabels(), wanted.getMetadata().getLabels())
                && Objects.equals(existing.getMetadata().getAnnotations(), wanted.getMetadata().getAnnotations());
    }
}
