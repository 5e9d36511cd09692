package io.meridian.core.ws.controller;

/**
 * A Kubernetes event the controller raises on the WorkloadSpread. {@code object} names what the
 * event is about: a pod key for CreatePodFailed/DeletePodFailed, a subset for RecoverSchedulable.
 */
public record ControllerEvent(String type, String reason, String object, String message) {
    public static final String WARNING = "Warning";
    public static final String NORMAL = "Normal";
    public static final String CREATE_POD_FAILED = "CreatePodFailed";
    public static final String DELETE_POD_FAILED = "DeletePodFailed";
    public static final String RECOVER_SCHEDULABLE = "RecoverSchedulable";

    public static ControllerEvent createPodFailed(String subset, String podKey, long timeoutSeconds) {
        return new ControllerEvent(WARNING, CREATE_POD_FAILED, podKey,
                "pod " + podKey + " was admitted to subset " + subset + " but not seen within " + timeoutSeconds + "s");
    }

    public static ControllerEvent deletePodFailed(String subset, String podName, long timeoutSeconds) {
        return new ControllerEvent(WARNING, DELETE_POD_FAILED, podName,
                "pod " + podName + " of subset " + subset + " was being deleted but is still active after " + timeoutSeconds + "s");
    }

    public static ControllerEvent recoverSchedulable(String subset) {
        return new ControllerEvent(NORMAL, RECOVER_SCHEDULABLE, subset,
                "subset " + subset + " is schedulable again");
    }
}
