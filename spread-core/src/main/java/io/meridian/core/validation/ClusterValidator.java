package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.validation.k8s.Labels;
import io.meridian.core.validation.k8s.Names;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Karmada {@code Cluster} and Meridian {@code MemberCluster}: the member's name (a DNS-1123 label of at most
 * 48 characters, as Karmada requires, since it is used in generated names), its labels, and the fields
 * placement reads ({@code provider}, {@code region}, {@code zone}, {@code zones}) plus the ones the kinds share
 * ({@code syncMode}, {@code apiEndpoint}, {@code taints}, and for MemberCluster {@code role}).
 */
public final class ClusterValidator {
    static final int NAME_MAX = 48;
    private static final FieldPath SPEC = Specs.SPEC;
    private static final FieldPath NAME = FieldPath.of("metadata", "name");
    private static final List<String> SYNC_MODES = List.of("Push", "Pull");
    private static final List<String> ROLES = List.of("host", "member");
    private static final List<String> TAINT_EFFECTS = List.of("NoSchedule", "PreferNoSchedule", "NoExecute");

    private ClusterValidator() {
    }

    public static ValidationResult validate(JsonNode manifest) {
        FieldErrors errors = new FieldErrors();
        ObjectMeta.validate(manifest, errors);
        validateName(manifest, errors);
        Optional<JsonNode> spec = Specs.spec(manifest, errors);
        spec.ifPresent(s -> validateSpec(s, ManifestKinds.isMeridian(manifest), errors));
        return errors.result();
    }

    private static void validateName(JsonNode manifest, FieldErrors errors) {
        String name = ObjectMeta.name(manifest);
        if (name.isEmpty() || !Names.dns1123Subdomain(name).isEmpty()) {
            return; // ObjectMeta reports it
        }
        List<String> problems = Names.dns1123Label(name);
        problems.forEach(problem -> errors.add(FieldError.invalid(NAME, name, problem)));
        if (problems.isEmpty() && name.length() > NAME_MAX) {
            errors.add(FieldError.invalid(NAME, name, "must be no more than " + NAME_MAX + " characters"));
        }
    }

    private static void validateSpec(JsonNode spec, boolean meridian, FieldErrors errors) {
        for (String field : List.of("id", "provider", "region", "zone", "apiEndpoint", "proxyURL")) {
            Fields.string(Fields.member(spec, field), SPEC.child(field), errors);
        }
        Specs.oneOf(spec, "syncMode", SPEC, SYNC_MODES, errors);
        if (meridian) {
            Specs.oneOf(spec, "role", SPEC, ROLES, errors);
        }
        validateEndpoint(spec, errors);
        validateZones(Fields.member(spec, "zones"), SPEC.child("zones"), errors);
        validateTaints(Fields.member(spec, "taints"), SPEC.child("taints"), errors);
    }

    private static void validateEndpoint(JsonNode spec, FieldErrors errors) {
        FieldPath path = SPEC.child("apiEndpoint");
        JsonNode endpoint = Fields.member(spec, "apiEndpoint");
        if (endpoint.isTextual() && !endpoint.textValue().isEmpty() && !endpoint.textValue().startsWith("https://")
                && !endpoint.textValue().startsWith("http://")) {
            errors.add(FieldError.invalid(path, endpoint.textValue(), "must be an http:// or https:// URL"));
        }
    }

    private static void validateZones(JsonNode zones, FieldPath path, FieldErrors errors) {
        Set<String> seen = new HashSet<>();
        for (Fields.Element item : Fields.elements(zones, path, errors)) {
            Fields.string(item.node(), item.path(), errors).ifPresent(zone -> {
                if (zone.isEmpty()) {
                    errors.add(FieldError.invalid(item.path(), zone, "must not be empty"));
                } else if (!seen.add(zone)) {
                    errors.add(FieldError.duplicate(item.path(), zone));
                }
            });
        }
    }

    private static void validateTaints(JsonNode taints, FieldPath path, FieldErrors errors) {
        for (Fields.Element item : Fields.elements(taints, path, errors)) {
            if (Fields.object(item.node(), item.path(), errors).isEmpty()) {
                continue;
            }
            FieldPath keyPath = item.path().child("key");
            Specs.requiredString(item.node(), "key", item.path(), errors);
            JsonNode key = Fields.member(item.node(), "key");
            if (key.isTextual() && !key.textValue().isEmpty()) {
                Labels.validateKey(key.textValue(), keyPath, errors);
            }
            FieldPath valuePath = item.path().child("value");
            Fields.string(Fields.member(item.node(), "value"), valuePath, errors)
                    .ifPresent(value -> Labels.validateValue(value, valuePath, errors));
            Specs.requiredString(item.node(), "effect", item.path(), errors);
            Specs.oneOf(item.node(), "effect", item.path(), TAINT_EFFECTS, errors);
        }
    }
}
