package io.meridian.command.member.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/** The free capacity per zone differs from the last report. */
public record MemberCapacityChanged(String cluster, JsonNode zones, Instant at) {
}
