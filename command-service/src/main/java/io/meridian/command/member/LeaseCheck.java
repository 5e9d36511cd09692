package io.meridian.command.member;

import java.time.Instant;

/** The payload of an unreachable check: the lease it watches and how long the member may stay silent. */
public record LeaseCheck(Instant renewedAt, long unreachableAfterSeconds) {

    Instant due() {
        return renewedAt.plusSeconds(unreachableAfterSeconds);
    }
}
