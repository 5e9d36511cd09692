package io.meridian.core.ud.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/** {@code topology.scheduleStrategy}: {@code type} is Fixed (default, also "" or null) or Adaptive. */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UdScheduleStrategy(String type, AdaptiveSettings adaptive) {
    public static final String FIXED = "Fixed";
    public static final String ADAPTIVE = "Adaptive";
    public static final UdScheduleStrategy DEFAULT_FIXED = new UdScheduleStrategy(FIXED, null);

    @JsonIgnore
    public boolean isAdaptive() {
        return ADAPTIVE.equals(type);
    }

    /** Adaptive with {@code reserveUnschedulablePods}. */
    @JsonIgnore
    public boolean isReservation() {
        return isAdaptive() && effectiveAdaptive().reserves();
    }

    /** The adaptive settings with their defaults where unset. */
    public AdaptiveSettings effectiveAdaptive() {
        return adaptive == null ? AdaptiveSettings.DEFAULTS : adaptive;
    }
}
