package io.meridian.gateway.admission;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionRequest;

/**
 * An AdmissionRequest whose {@code object} and {@code oldObject} are kept as the JSON trees that came in:
 * a handler that forwards them ({@link #objectTree}) skips building fabric8's typed model of the object and
 * turning it back into a tree. {@link #getObject()} and {@link #getOldObject()} still give the model, built
 * on first use.
 */
final class RawObjectsRequest extends AdmissionRequest {
    private static final ObjectMapper MODEL = new ObjectMapper()
            .disable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    @JsonIgnore
    private JsonNode objectTree;
    @JsonIgnore
    private JsonNode oldObjectTree;

    void keep(JsonNode object, JsonNode oldObject) {
        this.objectTree = object;
        this.oldObjectTree = oldObject;
    }

    /** The request's object as a JSON tree, as sent (null when the request has none), without the typed model. */
    static JsonNode objectTree(AdmissionRequest request, ObjectMapper json) {
        if (request instanceof RawObjectsRequest raw) {
            return raw.objectTree == null || raw.objectTree.isNull() ? null : raw.objectTree;
        }
        return request.getObject() == null ? null : json.valueToTree(request.getObject());
    }

    @Override
    @JsonIgnore
    public Object getObject() {
        if (super.getObject() == null && present(objectTree)) {
            setObject(model("object", objectTree).getObject());
        }
        return super.getObject();
    }

    @Override
    @JsonIgnore
    public Object getOldObject() {
        if (super.getOldObject() == null && present(oldObjectTree)) {
            setOldObject(model("oldObject", oldObjectTree).getOldObject());
        }
        return super.getOldObject();
    }

    private static boolean present(JsonNode tree) {
        return tree != null && !tree.isNull();
    }

    /** fabric8's typed model of one object field, read exactly as reading the whole request would have. */
    private static AdmissionRequest model(String field, JsonNode tree) {
        ObjectNode only = JsonNodeFactory.instance.objectNode();
        only.set(field, tree);
        try {
            return MODEL.treeToValue(only, AdmissionRequest.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("request." + field + ": " + e.getOriginalMessage(), e);
        }
    }
}
