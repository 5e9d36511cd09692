package io.meridian.core.validation.k8s;

import io.meridian.core.validation.FieldError;
import io.meridian.core.validation.FieldErrors;
import io.meridian.core.validation.FieldPath;
import java.util.Map;

/** Label maps: every key a qualified name, every value a label value. */
public final class Labels {
    private Labels() {
    }

    public static void validate(Map<String, String> labels, FieldPath path, FieldErrors errors) {
        labels.forEach((key, value) -> {
            validateKey(key, path, errors);
            validateValue(value, path, errors);
        });
    }

    public static void validateKey(String key, FieldPath path, FieldErrors errors) {
        Names.qualifiedName(key).forEach(problem -> errors.add(FieldError.invalid(path, key, problem)));
    }

    public static void validateValue(String value, FieldPath path, FieldErrors errors) {
        Names.labelValue(value).forEach(problem -> errors.add(FieldError.invalid(path, value, problem)));
    }
}
