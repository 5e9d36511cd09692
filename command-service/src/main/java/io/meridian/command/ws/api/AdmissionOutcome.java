package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The decision for one pod: {@code verdict} Patch, Allow or Deny; {@code patch} the RFC 6902 operations
 * for Patch; {@code denialCode} 403/404 (503: could not decide yet) for Deny. NeedsLiveOwners is no decision: the request is to be sent
 * again with the pod's owner chain read live from its cluster.
 */
public record AdmissionOutcome(String decisionId, String verdict, String subset, JsonNode patch, String reason,
                               Integer denialCode) {
    public static final String PATCH = "Patch";
    public static final String ALLOW = "Allow";
    public static final String DENY = "Deny";
    public static final String NEEDS_LIVE_OWNERS = "NeedsLiveOwners";

    public boolean allowed() {
        return !DENY.equals(verdict);
    }
}
