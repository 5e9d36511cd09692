package io.meridian.core.validation;

import java.util.ArrayList;
import java.util.List;

/** Collects the errors of one validation run, in the order they are found. */
public final class FieldErrors {
    private final List<FieldError> errors = new ArrayList<>();

    public void add(FieldError error) {
        errors.add(error);
    }

    public void addAll(List<FieldError> more) {
        errors.addAll(more);
    }

    public int size() {
        return errors.size();
    }

    /** The errors added since {@code mark} (a value of {@link #size()}). */
    public List<FieldError> since(int mark) {
        return List.copyOf(errors.subList(mark, errors.size()));
    }

    public ValidationResult result() {
        return ValidationResult.of(errors);
    }
}
