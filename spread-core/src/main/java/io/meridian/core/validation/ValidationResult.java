package io.meridian.core.validation;

import java.util.List;

/** The outcome of validating one object: the field errors, in the order found (none means valid). */
public record ValidationResult(List<FieldError> errors) {

    public ValidationResult {
        errors = List.copyOf(errors);
    }

    public static ValidationResult valid() {
        return new ValidationResult(List.of());
    }

    public static ValidationResult of(List<FieldError> errors) {
        return new ValidationResult(errors);
    }

    public boolean isValid() {
        return errors.isEmpty();
    }

    /** Each error in Kubernetes' one-line form. */
    public List<String> rendered() {
        return errors.stream().map(FieldError::render).toList();
    }
}
