package io.meridian.command.member.api;

import java.time.Instant;

/** The first report of a member cluster. */
public record MemberClusterRegistered(String cluster, String role, Instant at) {
}
