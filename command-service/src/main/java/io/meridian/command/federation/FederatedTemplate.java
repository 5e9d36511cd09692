package io.meridian.command.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * A resource template in the host cluster, which is also the host's own copy. Its {@code spec.replicas} is the
 * host's share; the desired total lives in the annotation {@value #TEMPLATE_REPLICAS} and the share last written
 * by Meridian in {@value #APPLIED_REPLICAS}. A {@code spec.replicas} that differs from the applied share was
 * written by someone else (kubectl scale, an HPA) and becomes the new total.
 */
public final class FederatedTemplate {
    public static final String TEMPLATE_REPLICAS = "federation.meridian.io/template-replicas";
    public static final String APPLIED_REPLICAS = "federation.meridian.io/applied-replicas";
    public static final String BINDING_LABEL = "federation.meridian.io/binding";
    private static final Set<String> KINDS = Set.of("Deployment", "StatefulSet");
    /** Annotations that belong to one cluster's object, not to the template. */
    private static final Set<String> LOCAL_ANNOTATIONS = Set.of(TEMPLATE_REPLICAS, APPLIED_REPLICAS,
            "kubectl.kubernetes.io/last-applied-configuration", "deployment.kubernetes.io/revision");

    private FederatedTemplate() {
    }

    /** The kinds that can be templates (workloads with {@code spec.replicas}). */
    public static boolean isTemplateKind(String kind) {
        return KINDS.contains(kind);
    }

    /** The desired total: the user's {@code spec.replicas} unless it is exactly the share Meridian applied. */
    public static int total(JsonNode template) {
        int spec = template.path("spec").path("replicas").asInt(1);
        JsonNode annotations = template.path("metadata").path("annotations");
        JsonNode total = annotations.path(TEMPLATE_REPLICAS);
        JsonNode applied = annotations.path(APPLIED_REPLICAS);
        if (!total.isTextual() || !applied.isTextual()) {
            return spec;
        }
        try {
            return Integer.parseInt(applied.asText()) == spec ? Integer.parseInt(total.asText()) : spec;
        } catch (NumberFormatException e) {
            return spec;
        }
    }

    /** The copy a member cluster gets: identity, labels (plus the binding's), annotations and spec with its share. */
    public static ObjectNode copy(JsonNode template, String bindingLabel, int replicas) {
        ObjectNode copy = withoutReplicas(template, bindingLabel);
        copy.with("spec").put("replicas", replicas);
        return copy;
    }

    /** What the host's copy is told: its share, the total and the share as applied. */
    public static ObjectNode hostPatch(int total, int share) {
        ObjectNode patch = JsonNodeFactory.instance.objectNode();
        patch.putObject("metadata").putObject("annotations")
                .put(TEMPLATE_REPLICAS, Integer.toString(total))
                .put(APPLIED_REPLICAS, Integer.toString(share));
        patch.putObject("spec").put("replicas", share);
        return patch;
    }

    /** A digest of what the copies carry besides their replicas: a change means every copy is written again. */
    public static String digest(JsonNode template, String bindingLabel) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest(withoutReplicas(template, bindingLabel).toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing", e);
        }
    }

    /** Whether a member's object is the copy of a binding (carries its label). */
    public static boolean isCopyOf(JsonNode object, String bindingLabel) {
        return bindingLabel.equals(object.path("metadata").path("labels").path(BINDING_LABEL).asText(null));
    }

    private static ObjectNode withoutReplicas(JsonNode template, String bindingLabel) {
        ObjectNode copy = JsonNodeFactory.instance.objectNode();
        copy.put("apiVersion", template.path("apiVersion").asText("apps/v1"));
        copy.put("kind", template.path("kind").asText());
        JsonNode in = template.path("metadata");
        ObjectNode metadata = copy.putObject("metadata");
        metadata.put("name", in.path("name").asText());
        metadata.put("namespace", in.path("namespace").asText("default"));
        ObjectNode labels = metadata.putObject("labels");
        if (in.path("labels").isObject()) {
            labels.setAll((ObjectNode) in.get("labels"));
        }
        labels.put(BINDING_LABEL, bindingLabel);
        ObjectNode annotations = metadata.putObject("annotations");
        for (Iterator<Map.Entry<String, JsonNode>> it = in.path("annotations").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            if (!LOCAL_ANNOTATIONS.contains(entry.getKey())) {
                annotations.set(entry.getKey(), entry.getValue());
            }
        }
        ObjectNode spec = template.path("spec").isObject() ? ((ObjectNode) template.get("spec")).deepCopy()
                : JsonNodeFactory.instance.objectNode();
        spec.remove("replicas");
        copy.set("spec", spec);
        return copy;
    }
}
