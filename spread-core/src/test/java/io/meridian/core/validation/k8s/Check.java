package io.meridian.core.validation.k8s;

import io.meridian.core.validation.FieldErrors;
import io.meridian.core.validation.FieldPath;
import io.meridian.core.validation.Json;
import java.util.List;

/** Runs one validator on a compact JSON text and returns the rendered errors. */
final class Check {
    interface Validator {
        void validate(com.fasterxml.jackson.databind.JsonNode node, FieldPath path, FieldErrors errors);
    }

    private Check() {
    }

    static List<String> run(Validator validator, String json, String path) {
        FieldErrors errors = new FieldErrors();
        validator.validate(Json.parse(json), FieldPath.of(path), errors);
        return errors.result().rendered();
    }
}
