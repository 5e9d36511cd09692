package io.meridian.core.ws.controller;

/** Set {@code controller.kubernetes.io/pod-deletion-cost} of a pod to {@code value}. */
public record DeletionCostPatch(String podName, String value) {
}
