package io.meridian.core.ws.controller;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.meridian.core.ws.PodVersions;

/**
 * What the controller observed of the spread's target workload.
 *
 * @param exists        whether the workload object was found
 * @param specReplicas  its own replica count ({@code spec.replicas}, {@code spec.parallelism} for a Job)
 * @param object        the workload as unstructured JSON, read by replica paths
 * @param latestVersion its latest pod version (§1.4), {@code versionIgnored} when it has none
 */
public record TargetWorkload(boolean exists, int specReplicas, JsonNode object, String latestVersion) {
    public TargetWorkload {
        object = object == null ? MissingNode.getInstance() : object;
        latestVersion = latestVersion == null || latestVersion.isEmpty() ? PodVersions.VERSION_IGNORED : latestVersion;
    }

    public static TargetWorkload missing() {
        return new TargetWorkload(false, 0, MissingNode.getInstance(), PodVersions.VERSION_IGNORED);
    }
}
