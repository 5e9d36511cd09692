package io.meridian.command.federation.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a binding decision read: the template (identity and uid), its desired total, the policy and its
 * placement, the member clusters, the assignment before and the clusters evicted from it because they
 * are unreachable, the reschedule times of §2.6, and what one replica of the template requests per resource
 * ({@code podRequests}, from which each member's available replicas were estimated; empty: pod slots only, and in
 * decisions recorded before the field existed).
 */
public record ScheduleInputs(String templateApiVersion, String templateUid, int replicas, String policy,
                             JsonNode placement, List<MemberView> members, Map<String, Integer> previous,
                             List<String> evicted, Instant rescheduleTriggeredAt, Instant lastScheduledTime,
                             String observedAffinityName, Map<String, Long> podRequests) {
    public ScheduleInputs {
        podRequests = podRequests == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(podRequests));
    }
}
