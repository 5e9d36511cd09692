package io.meridian.core.ud.plan;

/** A Kubernetes event to record on the UD. */
public record UdEvent(String type, String reason, String message) {
    public static UdEvent warning(String reason, String message) {
        return new UdEvent("Warning", reason, message);
    }
}
