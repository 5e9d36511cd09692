package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.validation.k8s.Labels;
import io.meridian.core.validation.k8s.Names;

/** The API server's checks on metadata: a name (or generateName) that is a DNS subdomain, valid labels. */
public final class ObjectMeta {
    private static final FieldPath METADATA = FieldPath.of("metadata");

    private ObjectMeta() {
    }

    public static void validate(JsonNode manifest, FieldErrors errors) {
        JsonNode metadata = Fields.member(manifest, "metadata");
        if (!Fields.isSet(metadata)) {
            errors.add(FieldError.required(METADATA.child("name"), "name or generateName is required"));
            return;
        }
        if (Fields.object(metadata, METADATA, errors).isEmpty()) {
            return;
        }
        FieldPath namePath = METADATA.child("name");
        boolean generated = Fields.string(Fields.member(metadata, "generateName"), METADATA.child("generateName"),
                errors).filter(g -> !g.isEmpty()).isPresent();
        Fields.string(Fields.member(metadata, "name"), namePath, errors).ifPresentOrElse(
                name -> Names.dns1123Subdomain(name).forEach(p -> errors.add(FieldError.invalid(namePath, name, p))),
                () -> {
                    if (!generated && !Fields.isSet(Fields.member(metadata, "name"))) {
                        errors.add(FieldError.required(namePath, "name or generateName is required"));
                    }
                });
        Fields.string(Fields.member(metadata, "namespace"), METADATA.child("namespace"), errors);
        FieldPath labelsPath = METADATA.child("labels");
        Labels.validate(Fields.stringMap(Fields.member(metadata, "labels"), labelsPath, errors), labelsPath, errors);
        Fields.stringMap(Fields.member(metadata, "annotations"), METADATA.child("annotations"), errors);
    }

    /** The object's name, or "" when it has none. */
    public static String name(JsonNode manifest) {
        JsonNode name = Fields.member(Fields.member(manifest, "metadata"), "name");
        return name.isTextual() ? name.textValue() : "";
    }
}
