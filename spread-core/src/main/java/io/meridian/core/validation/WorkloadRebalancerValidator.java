package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.validation.k8s.LabelSelectors;
import java.util.Optional;

/**
 * WorkloadRebalancer (Karmada §1.1): at least one workload, each with apiVersion, kind and name;
 * ttlSecondsAfterFinished an int32. Meridian §7 adds workloadSelector (which may stand in for the
 * list in our API group), dryRun and preserveAvailable.
 */
public final class WorkloadRebalancerValidator {
    private static final FieldPath SPEC = Specs.SPEC;

    private WorkloadRebalancerValidator() {
    }

    public static ValidationResult validate(JsonNode manifest) {
        FieldErrors errors = new FieldErrors();
        ObjectMeta.validate(manifest, errors);
        Optional<JsonNode> spec = Specs.spec(manifest, errors);
        spec.ifPresent(s -> validateSpec(s, ManifestKinds.isMeridian(manifest), errors));
        return errors.result();
    }

    private static void validateSpec(JsonNode spec, boolean meridian, FieldErrors errors) {
        JsonNode selector = Fields.member(spec, "workloadSelector");
        LabelSelectors.validate(selector, SPEC.child("workloadSelector"), errors);
        JsonNode workloads = Fields.member(spec, "workloads");
        FieldPath workloadsPath = SPEC.child("workloads");
        boolean selectorStandsIn = meridian && Fields.isSet(selector)
                && (!Fields.isSet(workloads) || workloads.isArray() && workloads.isEmpty());
        Iterable<Fields.Element> items = selectorStandsIn ? Fields.elements(workloads, workloadsPath, errors)
                : Specs.nonEmptyList(workloads, workloadsPath, errors);
        for (Fields.Element item : items) {
            if (Fields.object(item.node(), item.path(), errors).isEmpty()) {
                continue;
            }
            Specs.requiredString(item.node(), "apiVersion", item.path(), errors);
            Specs.requiredString(item.node(), "kind", item.path(), errors);
            Specs.requiredString(item.node(), "name", item.path(), errors);
            Fields.string(Fields.member(item.node(), "namespace"), item.path().child("namespace"), errors);
        }
        Fields.int32(Fields.member(spec, "ttlSecondsAfterFinished"), SPEC.child("ttlSecondsAfterFinished"), errors);
        Fields.bool(Fields.member(spec, "dryRun"), SPEC.child("dryRun"), errors);
        Fields.bool(Fields.member(spec, "preserveAvailable"), SPEC.child("preserveAvailable"), errors);
    }
}
