package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * Validates any manifest Meridian understands: picks the validator by kind after checking the
 * kind and apiVersion are ones we serve. An unknown kind or apiVersion is a field error like any other.
 */
public final class ManifestValidator {
    private static final FieldPath KIND = FieldPath.of("kind");
    private static final FieldPath API_VERSION = FieldPath.of("apiVersion");

    private ManifestValidator() {
    }

    /** Validation with nothing known beyond the manifest (what {@code meridian validate} does per document). */
    public static ValidationResult validate(JsonNode manifest) {
        return validate(manifest, ValidationContext.unknown());
    }

    public static ValidationResult validate(JsonNode manifest, ValidationContext context) {
        FieldErrors errors = new FieldErrors();
        if (Fields.object(manifest, FieldPath.ROOT, errors).isEmpty()) {
            if (!Fields.isSet(manifest)) {
                errors.add(FieldError.required(FieldPath.ROOT, "empty document"));
            }
            return errors.result();
        }
        Optional<String> kind = requiredString(manifest, "kind", KIND, errors);
        Optional<String> apiVersion = requiredString(manifest, "apiVersion", API_VERSION, errors);
        if (kind.isEmpty()) {
            return errors.result();
        }
        Optional<ManifestKinds> known = ManifestKinds.byKind(kind.get());
        if (known.isEmpty()) {
            errors.add(FieldError.notSupported(KIND, kind.get(), ManifestKinds.kindNames()));
            return errors.result();
        }
        if (apiVersion.isPresent() && !known.get().apiVersions().contains(apiVersion.get())) {
            errors.add(FieldError.notSupported(API_VERSION, apiVersion.get(), known.get().apiVersions()));
        }
        if (apiVersion.isEmpty() || errors.size() > 0) {
            return errors.result();
        }
        return known.get().validate(manifest, context);
    }

    private static Optional<String> requiredString(JsonNode manifest, String field, FieldPath path, FieldErrors errors) {
        JsonNode node = Fields.member(manifest, field);
        if (!Fields.isSet(node) || node.isTextual() && node.textValue().isEmpty()) {
            errors.add(FieldError.required(path, ""));
            return Optional.empty();
        }
        return Fields.string(node, path, errors);
    }
}
