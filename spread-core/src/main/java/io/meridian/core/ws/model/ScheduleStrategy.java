package io.meridian.core.ws.model;

/** {@code type} is "", "Fixed" or "Adaptive"; {@code adaptive} may be null. */
public record ScheduleStrategy(String type, AdaptiveStrategy adaptive) {
    public static final String FIXED = "Fixed";
    public static final String ADAPTIVE = "Adaptive";

    public boolean isAdaptive() {
        return ADAPTIVE.equals(type);
    }
}
