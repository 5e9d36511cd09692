package io.meridian.core.ws.admission;

import java.time.Instant;

/** A pod the webhook recorded in a row: being created (a reservation) or being deleted. */
public record PodRecord(Kind kind, String key, Instant at) {
    public enum Kind { CREATING, DELETING }

    public static PodRecord creating(String key, Instant at) {
        return new PodRecord(Kind.CREATING, key, at);
    }

    public static PodRecord deleting(String key, Instant at) {
        return new PodRecord(Kind.DELETING, key, at);
    }

    /** How the row's missingReplicas moves: a reservation takes a slot, a deletion frees one. */
    int missingReplicasDelta() {
        return kind == Kind.CREATING ? -1 : 1;
    }
}
