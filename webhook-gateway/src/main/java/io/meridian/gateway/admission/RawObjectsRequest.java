package io.meridian.gateway.admission;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GroupVersionKind;
import io.fabric8.kubernetes.api.model.GroupVersionResource;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionRequest;
import io.fabric8.kubernetes.api.model.authentication.UserInfo;

/**
 * An AdmissionRequest whose {@code object} and {@code oldObject} are kept as the JSON trees that came in:
 * a handler that forwards them ({@link #objectTree}) skips building fabric8's typed model of the object and
 * turning it back into a tree. {@link #getObject()} and {@link #getOldObject()} still give the model, built
 * on first use. Likewise only the fields the handlers read on every request (uid, operation, kind, name,
 * namespace, subresource, dryRun) are read at once; the others (userInfo, options, resource, requestKind,
 * requestResource, requestSubResource) are bound from the kept tree when first asked for: fabric8's binding of
 * them was most of the gateway's cost of reading a review.
 */
final class RawObjectsRequest extends AdmissionRequest {
    private static final ObjectMapper MODEL = new ObjectMapper()
            .disable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    @JsonIgnore
    private JsonNode objectTree;
    @JsonIgnore
    private JsonNode oldObjectTree;
    /** The request's other fields as they came, bound on first use of one of them. */
    @JsonIgnore
    private ObjectNode rest;
    @JsonIgnore
    private boolean restBound;

    /**
     * The request read from its JSON tree (without {@code object} and {@code oldObject}, given apart).
     *
     * @throws BadAdmissionReview a field the handlers read that has the wrong JSON type, named
     */
    static RawObjectsRequest of(ObjectNode request, JsonNode object, JsonNode oldObject) {
        RawObjectsRequest read = new RawObjectsRequest();
        read.setUid(text(request, "uid"));
        read.setOperation(text(request, "operation"));
        read.setName(text(request, "name"));
        read.setNamespace(text(request, "namespace"));
        read.setSubResource(text(request, "subResource"));
        read.setDryRun(bool(request, "dryRun"));
        read.setKind(kind(request.get("kind")));
        read.keep(object, oldObject);
        read.rest = request;
        return read;
    }

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

    @Override
    @JsonIgnore
    public UserInfo getUserInfo() {
        bindRest();
        return super.getUserInfo();
    }

    @Override
    @JsonIgnore
    public Object getOptions() {
        bindRest();
        return super.getOptions();
    }

    @Override
    @JsonIgnore
    public GroupVersionResource getResource() {
        bindRest();
        return super.getResource();
    }

    @Override
    @JsonIgnore
    public GroupVersionKind getRequestKind() {
        bindRest();
        return super.getRequestKind();
    }

    @Override
    @JsonIgnore
    public GroupVersionResource getRequestResource() {
        bindRest();
        return super.getRequestResource();
    }

    @Override
    @JsonIgnore
    public String getRequestSubResource() {
        bindRest();
        return super.getRequestSubResource();
    }

    private synchronized void bindRest() {
        if (restBound || rest == null) {
            return;
        }
        restBound = true;
        AdmissionRequest bound;
        try {
            bound = MODEL.treeToValue(rest, AdmissionRequest.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("request: " + e.getOriginalMessage(), e);
        }
        setUserInfo(bound.getUserInfo());
        setOptions(bound.getOptions());
        setResource(bound.getResource());
        setRequestKind(bound.getRequestKind());
        setRequestResource(bound.getRequestResource());
        setRequestSubResource(bound.getRequestSubResource());
    }

    private static String text(ObjectNode request, String field) {
        JsonNode value = request.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isValueNode()) {
            throw new BadAdmissionReview("malformed AdmissionReview: request." + field + " must be a string");
        }
        return value.asText();
    }

    private static Boolean bool(ObjectNode request, String field) {
        JsonNode value = request.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (value.isBoolean()) {
            return value.booleanValue();
        }
        if (value.isTextual() && ("true".equals(value.textValue()) || "false".equals(value.textValue()))) {
            return Boolean.valueOf(value.textValue());
        }
        throw new BadAdmissionReview("malformed AdmissionReview: request." + field + " must be a boolean");
    }

    private static GroupVersionKind kind(JsonNode kind) {
        if (kind == null || kind.isNull()) {
            return null;
        }
        if (!(kind instanceof ObjectNode fields)) {
            throw new BadAdmissionReview("malformed AdmissionReview: request.kind must be an object");
        }
        GroupVersionKind read = new GroupVersionKind();
        read.setGroup(text(fields, "group"));
        read.setVersion(text(fields, "version"));
        read.setKind(text(fields, "kind"));
        return read;
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
