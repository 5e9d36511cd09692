package io.meridian.command.ud.api;

import com.fasterxml.jackson.databind.JsonNode;

/** A workload of one of the four subset kinds, as the agent of {@code cluster} reported it. */
public record SubsetWorkload(String cluster, JsonNode manifest) {
    /**
     * On every subset workload Meridian creates: {@code cluster/namespace/name} of its UnitedDeployment. It finds
     * the workloads in member clusters, where no owner reference can point at the UnitedDeployment.
     */
    public static final String OWNER_ANNOTATION = "apps.meridian.io/united-deployment";

    public String kind() {
        return manifest.path("kind").asText();
    }

    public String apiVersion() {
        return manifest.path("apiVersion").asText();
    }

    public String name() {
        return manifest.path("metadata").path("name").asText();
    }

    public String namespace() {
        return manifest.path("metadata").path("namespace").asText("");
    }
}
