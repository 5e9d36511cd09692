package io.meridian.gateway.applier;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.meridian.schemas.Mutation;
import io.meridian.schemas.ObjectRef;
import java.io.IOException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One level-based attempt at a mutation: read the target, compare with the desired state, write only
 * if they differ (optimistically, with the read resourceVersion), so a duplicate or a retry is a
 * {@code Noop}. A {@code Scale} that says what the copy held ({@code from}) first tries one JSON patch that tests it;
 * an {@code ApplyObject} that expects its object absent ({@code absent}) first tries to create it.
 * API errors are thrown as {@code KubernetesClientException} for the caller to classify.
 */
public final class MutationExecutor {
    public static final String DELETION_COST = "controller.kubernetes.io/pod-deletion-cost";
    private static final Set<String> NOT_CONTENT = Set.of("apiVersion", "kind", "metadata", "status");

    private final ObjectMapper json = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public ApplyResult apply(Mutation mutation, KubernetesClient kube) {
        ObjectRef target = mutation.target();
        JsonNode body = mutation.body() == null ? json.createObjectNode() : mutation.body();
        Handle resource = handle(kube, target);
        return switch (mutation.type()) {
            case SET_POD_DELETION_COST -> setDeletionCost(resource, target, body);
            case PATCH_POD -> patchMetadata(resource, target, body);
            case DELETE_POD, DELETE_OBJECT -> delete(resource, target);
            case WRITE_STATUS -> writeStatus(resource, target, body);
            case APPLY_OBJECT -> applyObject(kube, resource, target, body);
            case SCALE -> scale(kube, resource, target, body);
        };
    }

    private static Handle handle(KubernetesClient kube, ObjectRef target) {
        NonNamespaceOperation<GenericKubernetesResource, GenericKubernetesResourceList, Resource<GenericKubernetesResource>> operation =
                target.namespace().isEmpty() ? kube.genericKubernetesResources(Targets.context(target))
                        : kube.genericKubernetesResources(Targets.context(target)).inNamespace(target.namespace());
        return new Handle(operation, target.name());
    }

    /** The target's API operations: reads by name, optimistic writes with the item's resourceVersion. */
    private record Handle(NonNamespaceOperation<GenericKubernetesResource, GenericKubernetesResourceList,
            Resource<GenericKubernetesResource>> operation, String name) {
        GenericKubernetesResource get() {
            return operation.withName(name).get();
        }

        void update(GenericKubernetesResource item) {
            operation.resource(item).update();
        }

        void updateStatus(GenericKubernetesResource item) {
            operation.resource(item).updateStatus();
        }

        Resource<GenericKubernetesResource> named() {
            return operation.withName(name);
        }
    }

    private ApplyResult setDeletionCost(Handle resource, ObjectRef target, JsonNode body) {
        if (!body.has("cost")) {
            return ApplyResult.failed("body.cost is missing");
        }
        String cost = body.get("cost").isNull() ? null : body.get("cost").asText();
        GenericKubernetesResource current = resource.get();
        ApplyResult missing = checkTarget(current, target);
        if (missing != null) {
            return missing;
        }
        Map<String, String> annotations = current.getMetadata().getAnnotations();
        String present = annotations == null ? null : annotations.get(DELETION_COST);
        if (Objects.equals(present, cost)) {
            return ApplyResult.noop(DELETION_COST + " already " + (cost == null ? "absent" : cost));
        }
        if (cost == null) {
            annotations.remove(DELETION_COST);
        } else {
            current.getMetadata().getAnnotations().put(DELETION_COST, cost);
        }
        resource.update(current);
        return ApplyResult.patched(DELETION_COST + " " + present + " -> " + cost);
    }

    private ApplyResult patchMetadata(Handle resource, ObjectRef target, JsonNode body) {
        GenericKubernetesResource current = resource.get();
        ApplyResult missing = checkTarget(current, target);
        if (missing != null) {
            return missing;
        }
        boolean changed = merge(current.getMetadata().getLabels(), body.path("labels"));
        changed |= merge(current.getMetadata().getAnnotations(), body.path("annotations"));
        if (!changed) {
            return ApplyResult.noop("labels and annotations already present");
        }
        resource.update(current);
        return ApplyResult.patched("labels and annotations set");
    }

    private ApplyResult delete(Handle resource, ObjectRef target) {
        GenericKubernetesResource current = resource.get();
        if (current == null) {
            return ApplyResult.noop(Targets.describe(target) + " already gone");
        }
        if (target.uid() != null && !target.uid().equals(current.getMetadata().getUid())) {
            return ApplyResult.noop(Targets.describe(target) + " uid " + target.uid() + " already gone; uid "
                    + current.getMetadata().getUid() + " left alone");
        }
        if (current.getMetadata().getDeletionTimestamp() != null) {
            return ApplyResult.noop(Targets.describe(target) + " already terminating");
        }
        // the resourceVersion precondition makes the delete miss a replacement that appeared after the read
        if (resource.named().lockResourceVersion(current.getMetadata().getResourceVersion()).delete().isEmpty()) {
            return ApplyResult.noop(Targets.describe(target) + " gone before the delete");
        }
        return ApplyResult.patched(Targets.describe(target) + " deleted");
    }

    private ApplyResult writeStatus(Handle resource, ObjectRef target, JsonNode body) {
        JsonNode desired = body.get("status");
        if (desired == null || !desired.isObject()) {
            return ApplyResult.failed("body.status must be an object");
        }
        GenericKubernetesResource current = resource.get();
        ApplyResult missing = checkTarget(current, target);
        if (missing != null) {
            return missing;
        }
        JsonNode present = json.valueToTree(current.getAdditionalProperties().get("status"));
        if (desired.equals(present)) {
            return ApplyResult.noop("status already equal");
        }
        current.getAdditionalProperties().put("status", json.convertValue(desired, Object.class));
        resource.updateStatus(current);
        return ApplyResult.patched("status written");
    }

    private ApplyResult applyObject(KubernetesClient kube, Handle resource, ObjectRef target,
                                    JsonNode body) {
        JsonNode object = body.get("object");
        if (object == null || !object.isObject()) {
            return ApplyResult.failed("body.object must be an object");
        }
        boolean merge = body.path("merge").asBoolean(false);
        if (!merge && body.path("absent").asBoolean(false) && createdFirst(kube, target, object)) {
            return ApplyResult.patched(Targets.describe(target) + " created");
        }
        GenericKubernetesResource current = resource.get();
        if (current == null && merge) {
            // a merge patches what its owner made; a late one after the owner deleted it must not bring it back
            return ApplyResult.noop(Targets.describe(target) + " absent: a merge creates nothing");
        }
        if (current == null) {
            DirectRequest.Answer answer = create(kube, target, object);
            if (!answer.succeeded()) {
                throw refused(target, answer);
            }
            return ApplyResult.patched(Targets.describe(target) + " created");
        }
        ObjectNode present = json.valueToTree(current);
        boolean converged = true;
        for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (!NOT_CONTENT.contains(field.getKey()) && !contains(present.get(field.getKey()), field.getValue())) {
                converged = false;
                present.set(field.getKey(), merge ? merged(present.get(field.getKey()), field.getValue()) : field.getValue());
            }
        }
        ObjectNode presentMetadata = present.with("metadata");
        for (String part : new String[] {"labels", "annotations"}) {
            JsonNode wanted = object.path("metadata").path(part);
            if (wanted.isObject() && !contains(presentMetadata.get(part), wanted)) {
                converged = false;
                presentMetadata.with(part).setAll((ObjectNode) wanted);
            }
        }
        if (converged) {
            return ApplyResult.noop(Targets.describe(target) + " already as given");
        }
        resource.update(json.convertValue(present, GenericKubernetesResource.class));
        return ApplyResult.patched(Targets.describe(target) + " updated");
    }

    /**
     * One request in the usual case: the mutation expects the object absent, so it is created without a read. False
     * when it exists already (409): then the caller reads, compares and writes, so a second apply is still a Noop.
     */
    private boolean createdFirst(KubernetesClient kube, ObjectRef target, JsonNode object) {
        DirectRequest.Answer answer = create(kube, target, object);
        if (answer.succeeded()) {
            return true;
        }
        if (answer.code() == 409) {
            return false;
        }
        throw refused(target, answer);
    }

    private DirectRequest.Answer create(KubernetesClient kube, ObjectRef target, JsonNode object) {
        return DirectRequest.create(kube, target, creatable(target, object).toString());
    }

    /** A creation the API server refused, with its code (a 409 is a conflict to the retrying applier) and reason. */
    private KubernetesClientException refused(ObjectRef target, DirectRequest.Answer answer) {
        return new KubernetesClientException("cannot create " + Targets.describe(target) + ": "
                + statusMessage(answer.body()), answer.code(), null);
    }

    /** The {@code message} of a Kubernetes Status answer, else the answer as it came. */
    private String statusMessage(String answer) {
        try {
            JsonNode status = answer == null ? null : json.readTree(answer);
            return status != null && status.path("message").isTextual() ? status.get("message").asText()
                    : String.valueOf(answer);
        } catch (IOException e) {
            return answer;
        }
    }

    /** The given object as a new one: named, typed and namespaced as the target, without status or identity. */
    private ObjectNode creatable(ObjectRef target, JsonNode object) {
        ObjectNode created = ((ObjectNode) object).deepCopy();
        created.put("apiVersion", Targets.apiVersion(target)).put("kind", target.kind());
        ObjectNode metadata = created.with("metadata");
        metadata.put("name", target.name());
        if (!target.namespace().isEmpty()) {
            metadata.put("namespace", target.namespace());
        }
        metadata.remove(List.of("resourceVersion", "uid"));
        created.remove("status");
        return created;
    }

    /** {@code wanted} laid over {@code present}: objects field by field, anything else replaced. */
    static JsonNode merged(JsonNode present, JsonNode wanted) {
        if (present == null || !present.isObject() || !wanted.isObject()) {
            return wanted;
        }
        ObjectNode out = ((ObjectNode) present).deepCopy();
        for (Iterator<Map.Entry<String, JsonNode>> fields = wanted.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            out.set(field.getKey(), merged(out.get(field.getKey()), field.getValue()));
        }
        return out;
    }

    private ApplyResult scale(KubernetesClient kube, Handle resource, ObjectRef target, JsonNode body) {
        JsonNode replicas = body.get("replicas");
        if (replicas == null || !replicas.canConvertToInt() || replicas.intValue() < 0) {
            return ApplyResult.failed("body.replicas must be a non-negative integer");
        }
        // a Job's replicas are its parallelism, as OpenKruise counts them
        String field = "Job".equals(target.kind()) && Targets.apiVersion(target).startsWith("batch/") ? "parallelism" : "replicas";
        JsonNode from = body.get("from");
        if (from != null && from.canConvertToInt() && from.intValue() != replicas.intValue()
                && scaledFrom(kube, target, field, from.intValue(), replicas.intValue())) {
            return ApplyResult.patched("spec." + field + " " + from.intValue() + " -> " + replicas.intValue());
        }
        GenericKubernetesResource current = resource.get();
        ApplyResult missing = checkTarget(current, target);
        if (missing != null) {
            return missing;
        }
        JsonNode present = json.valueToTree(current).path("spec").path(field);
        if (present.canConvertToInt() && present.intValue() == replicas.intValue()) {
            return ApplyResult.noop("spec." + field + " already " + replicas.intValue());
        }
        // written on the object itself, optimistically with the read resourceVersion: the CRUD mock
        // apiserver of the simulated clusters replaces the whole object on PUT .../scale
        ObjectNode updated = json.valueToTree(current);
        updated.with("spec").put(field, replicas.intValue());
        resource.update(json.convertValue(updated, GenericKubernetesResource.class));
        return ApplyResult.patched("spec." + field + " " + (present.isMissingNode() ? "unset" : present.asText()) + " -> "
                + replicas.intValue());
    }

    /**
     * One request in the usual case: a JSON patch that tests the field still holds {@code from} (and the uid, when
     * the mutation names one) and replaces it. False when the object is not as expected, is missing or the patch is
     * not allowed (422, 409, 404, 403): then the caller reads, compares and writes, so a second apply is still a Noop.
     */
    private boolean scaledFrom(KubernetesClient kube, ObjectRef target, String field, int from, int to) {
        ArrayNode patch = json.createArrayNode();
        if (target.uid() != null) {
            patch.addObject().put("op", "test").put("path", "/metadata/uid").put("value", target.uid());
        }
        patch.addObject().put("op", "test").put("path", "/spec/" + field).put("value", from);
        patch.addObject().put("op", "replace").put("path", "/spec/" + field).put("value", to);
        int code = DirectRequest.patch(kube, target, patch.toString()).code();
        if (code / 100 == 2) {
            return true;
        }
        // 403: a ClusterRole from before patch was needed still allows the read and the update
        if (code == 422 || code == 409 || code == 404 || code == 403) {
            return false;
        }
        throw new KubernetesClientException("HTTP " + code + " patching " + Targets.describe(target), code, null);
    }

    /** Null when the target exists and is the one meant; otherwise the result to report. */
    private static ApplyResult checkTarget(GenericKubernetesResource current, ObjectRef target) {
        if (current == null) {
            return ApplyResult.failed(Targets.describe(target) + " not found");
        }
        if (target.uid() != null && !target.uid().equals(current.getMetadata().getUid())) {
            return ApplyResult.failed(Targets.describe(target) + " was replaced: uid " + current.getMetadata().getUid()
                    + " is not " + target.uid());
        }
        if (current.getMetadata().getAnnotations() == null) {
            current.getMetadata().setAnnotations(new HashMap<>());
        }
        if (current.getMetadata().getLabels() == null) {
            current.getMetadata().setLabels(new HashMap<>());
        }
        return null;
    }

    /** Puts the wanted entries (null: absent) into {@code present}; true when anything changed. */
    private static boolean merge(Map<String, String> present, JsonNode wanted) {
        boolean changed = false;
        for (Iterator<Map.Entry<String, JsonNode>> entries = wanted.fields(); entries.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = entries.next();
            if (entry.getValue().isNull()) {
                changed |= present.remove(entry.getKey()) != null;
            } else if (!entry.getValue().asText().equals(present.get(entry.getKey()))) {
                present.put(entry.getKey(), entry.getValue().asText());
                changed = true;
            }
        }
        return changed;
    }

    /**
     * Whether {@code present} already holds {@code wanted}: objects by their given fields (the server may
     * add defaults), arrays element by element with the same length, scalars by equality.
     */
    static boolean contains(JsonNode present, JsonNode wanted) {
        if (present == null || present.isMissingNode()) {
            return wanted.isNull();
        }
        if (wanted.isObject()) {
            if (!present.isObject()) {
                return false;
            }
            for (Iterator<Map.Entry<String, JsonNode>> fields = wanted.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (!contains(present.get(field.getKey()), field.getValue())) {
                    return false;
                }
            }
            return true;
        }
        if (wanted.isArray()) {
            if (!present.isArray() || present.size() != wanted.size()) {
                return false;
            }
            for (int i = 0; i < wanted.size(); i++) {
                if (!contains(present.get(i), wanted.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (wanted.isNumber() && present.isNumber()) {
            return wanted.decimalValue().compareTo(present.decimalValue()) == 0;
        }
        return wanted.equals(present);
    }
}
