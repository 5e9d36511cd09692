package io.meridian.core.validation;

/** What is known about a feature gate. */
public enum FeatureGate {
    ENABLED, DISABLED, UNKNOWN
}
