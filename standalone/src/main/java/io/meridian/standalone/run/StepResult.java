package io.meridian.standalone.run;

import io.meridian.standalone.scenario.Durations;
import java.time.Duration;

/**
 * How one step went. {@code label} is {@code step 3} (the index in {@code steps:}, as parse errors name it)
 * or {@code apply 0} for the manifests applied first; {@code detail} says what was seen when it failed.
 */
public record StepResult(String label, String description, boolean ok, Duration took, String detail) {

    /** {@code ok  step 3 expect ws-demo subsets {ack: 100, eci: 30} (12.4 s)} or {@code FAIL ... (60.0 s): saw ...}. */
    public String line() {
        return (ok ? "ok  " : "FAIL ") + label + " " + description + " (" + Durations.format(took) + ")"
                + (ok || detail == null ? "" : ": " + detail);
    }
}
