package io.meridian.command.federation.api;

import java.time.Instant;

/**
 * A member cluster as one binding decision saw it: whether it is Ready (and since when), whether it is
 * the host, and its free pod slots (null when it never reported capacity).
 */
public record MemberView(String name, boolean ready, Instant readySince, boolean host, Long freePods) {
}
