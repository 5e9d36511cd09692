package io.meridian.command.federation.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What a binding decision read: the template (identity and uid), its desired total, the policy and its
 * placement, the member clusters, the assignment before and the clusters evicted from it because they
 * are unreachable, and the reschedule times of §2.6.
 */
public record ScheduleInputs(String templateApiVersion, String templateUid, int replicas, String policy,
                             JsonNode placement, List<MemberView> members, Map<String, Integer> previous,
                             List<String> evicted, Instant rescheduleTriggeredAt, Instant lastScheduledTime,
                             String observedAffinityName) {
}
