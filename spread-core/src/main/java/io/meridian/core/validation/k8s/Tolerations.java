package io.meridian.core.validation.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.validation.FieldError;
import io.meridian.core.validation.FieldErrors;
import io.meridian.core.validation.FieldPath;
import io.meridian.core.validation.Fields;
import java.util.List;

/** Pod tolerations: operator Exists/Equal, effect NoSchedule/PreferNoSchedule/NoExecute, key and value rules. */
public final class Tolerations {
    public static final String EQUAL = "Equal";
    public static final String EXISTS = "Exists";
    public static final String NO_EXECUTE = "NoExecute";
    public static final List<String> EFFECTS = List.of("NoSchedule", "PreferNoSchedule", NO_EXECUTE);

    private Tolerations() {
    }

    public static void validate(JsonNode tolerations, FieldPath path, FieldErrors errors) {
        Fields.elements(tolerations, path, errors).forEach(t -> validateOne(t.node(), t.path(), errors));
    }

    public static void validateOne(JsonNode toleration, FieldPath path, FieldErrors errors) {
        if (Fields.object(toleration, path, errors).isEmpty()) {
            return;
        }
        String key = Fields.string(Fields.member(toleration, "key"), path.child("key"), errors).orElse("");
        String operator = Fields.string(Fields.member(toleration, "operator"), path.child("operator"), errors).orElse("");
        String value = Fields.string(Fields.member(toleration, "value"), path.child("value"), errors).orElse("");
        String effect = Fields.string(Fields.member(toleration, "effect"), path.child("effect"), errors).orElse("");
        boolean hasSeconds = Fields.int64(Fields.member(toleration, "tolerationSeconds"),
                path.child("tolerationSeconds"), errors).isPresent();

        if (!key.isEmpty()) {
            Labels.validateKey(key, path.child("key"), errors);
        } else if (!operator.equals(EXISTS)) {
            errors.add(FieldError.invalid(path.child("operator"), operator,
                    "operator must be Exists when `key` is empty, which means \"match all values and all keys\""));
        }
        if (hasSeconds && !effect.equals(NO_EXECUTE)) {
            errors.add(FieldError.invalid(path.child("effect"), effect,
                    "effect must be 'NoExecute' when `tolerationSeconds` is set"));
        }
        switch (operator) {
            case "", EQUAL -> Labels.validateValue(value, path.child("value"), errors);
            case EXISTS -> {
                if (!value.isEmpty()) {
                    errors.add(FieldError.invalid(path.child("operator"), toleration,
                            "value must be empty when `operator` is 'Exists'"));
                }
            }
            default -> errors.add(FieldError.notSupported(path.child("operator"), operator, List.of(EQUAL, EXISTS)));
        }
        if (!effect.isEmpty() && !EFFECTS.contains(effect)) {
            errors.add(FieldError.notSupported(path.child("effect"), effect, EFFECTS));
        }
    }
}
