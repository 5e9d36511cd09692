package io.meridian.core.ws.controller;

/**
 * The custom-workload whitelist entry for the target's group/version/kind
 * ({@code WorkloadSpread_Watch_Custom_Workload_WhiteList}). An empty path means 0 replicas.
 */
public record WhitelistEntry(String replicasPath) {
    public WhitelistEntry {
        replicasPath = replicasPath == null ? "" : replicasPath;
    }
}
