package io.meridian.command.member.api;

import java.time.Instant;

/** No heartbeat since {@code lastSeen} for longer than the failover threshold. */
public record MemberClusterUnreachable(String cluster, Instant lastSeen, Instant at) {
}
