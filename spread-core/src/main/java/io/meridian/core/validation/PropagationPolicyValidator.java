package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.validation.k8s.LabelSelectors;
import java.util.Optional;

/**
 * PropagationPolicy and ClusterPropagationPolicy: resourceSelectors required (each with apiVersion
 * and kind) and the placement rules of Karmada §1.3.
 */
public final class PropagationPolicyValidator {
    private static final FieldPath SPEC = Specs.SPEC;

    private PropagationPolicyValidator() {
    }

    public static ValidationResult validate(JsonNode manifest) {
        FieldErrors errors = new FieldErrors();
        ObjectMeta.validate(manifest, errors);
        Optional<JsonNode> spec = Specs.spec(manifest, errors);
        spec.ifPresent(s -> {
            validateResourceSelectors(s, errors);
            Placements.validate(Fields.member(s, "placement"), SPEC.child("placement"), errors);
        });
        return errors.result();
    }

    private static void validateResourceSelectors(JsonNode spec, FieldErrors errors) {
        FieldPath path = SPEC.child("resourceSelectors");
        for (Fields.Element item : Specs.nonEmptyList(Fields.member(spec, "resourceSelectors"), path, errors)) {
            if (Fields.object(item.node(), item.path(), errors).isEmpty()) {
                continue;
            }
            Specs.requiredString(item.node(), "apiVersion", item.path(), errors);
            Specs.requiredString(item.node(), "kind", item.path(), errors);
            Fields.string(Fields.member(item.node(), "namespace"), item.path().child("namespace"), errors);
            Fields.string(Fields.member(item.node(), "name"), item.path().child("name"), errors);
            LabelSelectors.validate(Fields.member(item.node(), "labelSelector"), item.path().child("labelSelector"),
                    errors);
        }
    }
}
