package io.meridian.command.member;

import java.time.Instant;

/** The payload of an unreachable check: the lease it watches and how long the member may stay silent. */
public record LeaseCheck(Instant renewedAt, long unreachableAfterSeconds) {

    /** The end of {@code leases} leases in a row from the renewal. */
    Instant dueAfter(int leases) {
        return renewedAt.plusSeconds(unreachableAfterSeconds * leases);
    }
}
