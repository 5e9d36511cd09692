package io.meridian.core;

/** The version of the decision kernel, recorded in every decision so it can be replayed. */
public final class KernelVersion {
    public static final String VALUE = "0.1.0";

    private KernelVersion() {
    }
}
