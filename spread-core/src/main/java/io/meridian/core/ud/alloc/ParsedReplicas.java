package io.meridian.core.ud.alloc;

/** A subset replica setting turned into a number, or the reason it could not be. */
public record ParsedReplicas(int value, String error) {

    public static ParsedReplicas of(int value) {
        return new ParsedReplicas(value, null);
    }

    public static ParsedReplicas invalid(String error) {
        return new ParsedReplicas(0, error);
    }

    public boolean isValid() {
        return error == null;
    }
}
