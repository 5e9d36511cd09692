package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;

/** What may not change when a UnitedDeployment is updated. */
final class UnitedDeploymentUpdate {
    static final String IMMUTABLE = "may not be changed in an update";
    /** The StatefulSet template spec fields an update may change. */
    private static final List<String> MUTABLE_STATEFULSET_FIELDS = List.of(
            "template", "updateStrategy", "persistentVolumeClaimRetentionPolicy", "minReadySeconds", "ordinals");
    private static final FieldPath STATEFULSET_SPEC =
            UnitedDeploymentValidator.SPEC.child("template").child("statefulSetTemplate").child("spec");

    private UnitedDeploymentUpdate() {
    }

    static void validate(JsonNode spec, JsonNode oldSpec, List<UnitedDeploymentTopology.Subset> subsets,
                         FieldErrors errors) {
        JsonNode oldSubsets = Fields.member(Fields.member(oldSpec, "topology"), "subsets");
        for (UnitedDeploymentTopology.Subset subset : subsets) {
            for (JsonNode old : oldSubsets.isArray() ? oldSubsets : List.<JsonNode>of()) {
                if (subset.name().equals(Fields.member(old, "name").asText(null))) {
                    requireUnchanged(subset, old, "nodeSelectorTerm", errors);
                    requireUnchanged(subset, old, "tolerations", errors);
                }
            }
        }
        JsonNode statefulSpec = statefulSetSpec(spec);
        JsonNode oldStatefulSpec = statefulSetSpec(oldSpec);
        if (statefulSpec.isObject() && oldStatefulSpec.isObject()
                && !withoutMutableFields(statefulSpec).equals(withoutMutableFields(oldStatefulSpec))) {
            errors.add(FieldError.forbidden(STATEFULSET_SPEC, "updates to statefulSetTemplate spec for fields other than"
                    + " 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds' and"
                    + " 'ordinals' are forbidden"));
        }
    }

    private static void requireUnchanged(UnitedDeploymentTopology.Subset subset, JsonNode old, String field,
                                         FieldErrors errors) {
        if (!Objects.equals(normalized(Fields.member(subset.node(), field)), normalized(Fields.member(old, field)))) {
            errors.add(FieldError.forbidden(subset.path().child(field), IMMUTABLE));
        }
    }

    /** Absent, null and empty mean the same thing. */
    private static JsonNode normalized(JsonNode node) {
        return !Fields.isSet(node) || node.isContainerNode() && node.isEmpty() ? null : node;
    }

    private static JsonNode statefulSetSpec(JsonNode spec) {
        return Fields.member(Fields.member(Fields.member(spec, "template"), "statefulSetTemplate"), "spec");
    }

    private static JsonNode withoutMutableFields(JsonNode spec) {
        ObjectNode copy = spec.deepCopy();
        copy.remove(MUTABLE_STATEFULSET_FIELDS);
        return copy;
    }
}
