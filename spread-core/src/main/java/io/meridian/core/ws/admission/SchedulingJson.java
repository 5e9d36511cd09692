package io.meridian.core.ws.admission;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;

/**
 * JSON of the scheduling types injected into pods, written field by field (in the fabric8 field order,
 * empty fields omitted). Generic Jackson serialisation of the fabric8 model costs tens of microseconds
 * per object, which would dominate an admission; unknown extra properties still go through it.
 */
final class SchedulingJson {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper JSON = new ObjectMapper();

    private SchedulingJson() {
    }

    static ObjectNode toleration(Toleration toleration) {
        ObjectNode node = NODES.objectNode();
        putText(node, "effect", toleration.getEffect());
        putText(node, "key", toleration.getKey());
        putText(node, "operator", toleration.getOperator());
        if (toleration.getTolerationSeconds() != null) {
            node.put("tolerationSeconds", toleration.getTolerationSeconds());
        }
        putText(node, "value", toleration.getValue());
        putExtra(node, toleration.getAdditionalProperties());
        return node;
    }

    static ObjectNode term(NodeSelectorTerm term) {
        ObjectNode node = NODES.objectNode();
        putRequirements(node, "matchExpressions", term.getMatchExpressions());
        putRequirements(node, "matchFields", term.getMatchFields());
        putExtra(node, term.getAdditionalProperties());
        return node;
    }

    static ObjectNode preferred(PreferredSchedulingTerm preferred) {
        ObjectNode node = NODES.objectNode();
        if (preferred.getPreference() != null) {
            node.set("preference", term(preferred.getPreference()));
        }
        if (preferred.getWeight() != null) {
            node.put("weight", preferred.getWeight());
        }
        putExtra(node, preferred.getAdditionalProperties());
        return node;
    }

    private static void putRequirements(ObjectNode node, String field, List<NodeSelectorRequirement> requirements) {
        if (requirements == null || requirements.isEmpty()) {
            return;
        }
        ArrayNode array = node.putArray(field);
        for (NodeSelectorRequirement requirement : requirements) {
            ObjectNode r = array.addObject();
            putText(r, "key", requirement.getKey());
            putText(r, "operator", requirement.getOperator());
            if (requirement.getValues() != null && !requirement.getValues().isEmpty()) {
                ArrayNode values = r.putArray("values");
                requirement.getValues().forEach(values::add);
            }
            putExtra(r, requirement.getAdditionalProperties());
        }
    }

    private static void putText(ObjectNode node, String field, String value) {
        if (value != null) {
            node.put(field, value);
        }
    }

    private static void putExtra(ObjectNode node, Map<String, Object> extra) {
        if (extra != null) {
            extra.forEach((key, value) -> node.set(key, JSON.valueToTree(value)));
        }
    }
}
