package io.meridian.core.validation;

/** The kinds of field error Kubernetes reports, with the words it prints for each. */
public enum ErrorType {
    REQUIRED("Required value", false),
    INVALID("Invalid value", true),
    FORBIDDEN("Forbidden", false),
    NOT_SUPPORTED("Unsupported value", true),
    DUPLICATE("Duplicate value", true),
    /** A value of the wrong JSON type; Kubernetes prints these as invalid values too. */
    TYPE_INVALID("Invalid value", true);

    private final String words;
    private final boolean showsValue;

    ErrorType(String words, boolean showsValue) {
        this.words = words;
        this.showsValue = showsValue;
    }

    public String words() {
        return words;
    }

    boolean showsValue() {
        return showsValue;
    }
}
