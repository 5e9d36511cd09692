package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.validation.k8s.Labels;
import io.meridian.core.validation.k8s.PodSpecs;
import java.util.List;
import java.util.Optional;

/**
 * A subset patch must leave the target's pod template valid. The patch is applied to the template
 * (for CloneSet and StatefulSet with the volumeClaimTemplates added as PVC volumes first) and the
 * result is checked like a pod.
 */
final class SubsetPatchCheck {
    private static final List<String> KINDS_WITH_CLAIM_TEMPLATES = List.of("CloneSet", "StatefulSet");

    private SubsetPatchCheck() {
    }

    static void check(JsonNode patch, FieldPath patchPath, TargetWorkload target, Optional<TargetRef> targetRef,
                      FieldErrors errors) {
        JsonNode template = Fields.member(Fields.member(target.workload(), "spec"), "template");
        if (!template.isObject()) {
            return;
        }
        JsonNode withClaims = withClaimVolumes(template, target.workload(), targetRef);
        JsonNode patched;
        try {
            patched = target.patcher().applyToPodTemplate(withClaims, patch);
        } catch (RuntimeException mergeFailure) {
            errors.add(FieldError.invalid(patchPath, patch, "failed to merge patch: " + mergeFailure.getMessage()));
            return;
        }
        FieldErrors podErrors = new FieldErrors();
        FieldPath metadataLabels = patchPath.child("metadata").child("labels");
        Labels.validate(Fields.stringMap(Fields.member(Fields.member(patched, "metadata"), "labels"), metadataLabels,
                podErrors), metadataLabels, podErrors);
        PodSpecs.validate(Fields.member(patched, "spec"), patchPath.child("spec"), podErrors);
        List<FieldError> found = podErrors.since(0);
        Optional<FieldError> wrongType = found.stream().filter(e -> e.type() == ErrorType.TYPE_INVALID).findFirst();
        if (wrongType.isPresent()) {
            errors.add(FieldError.invalid(patchPath, patch, "failed to unmarshal: " + wrongType.get().render()));
        } else {
            errors.addAll(found);
        }
    }

    private static JsonNode withClaimVolumes(JsonNode template, JsonNode workload, Optional<TargetRef> targetRef) {
        boolean hasClaims = targetRef.filter(t -> KINDS_WITH_CLAIM_TEMPLATES.contains(t.kind())).isPresent();
        JsonNode claims = Fields.member(Fields.member(workload, "spec"), "volumeClaimTemplates");
        if (!hasClaims || !claims.isArray() || !Fields.member(template, "spec").isObject()) {
            return template;
        }
        ObjectNode copy = template.deepCopy();
        ObjectNode spec = (ObjectNode) copy.get("spec");
        ArrayNode volumes = spec.get("volumes") instanceof ArrayNode existing ? existing : spec.putArray("volumes");
        for (JsonNode claim : claims) {
            JsonNode name = Fields.member(Fields.member(claim, "metadata"), "name");
            if (name.isTextual()) {
                ObjectNode volume = volumes.addObject().put("name", name.textValue());
                volume.putObject("persistentVolumeClaim").put("claimName", name.textValue());
            }
        }
        return copy;
    }
}
