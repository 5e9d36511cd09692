package io.meridian.core.ud.plan;

/** Set the reserved-pod label of a pod of a subset to {@code value} ("true" or "false"). */
public record PodLabelChange(String subset, String pod, String value) {
}
