package io.meridian.command.member.api;

import java.time.Instant;

/** Heartbeats arrive (again). */
public record MemberClusterReady(String cluster, Instant at) {
}
