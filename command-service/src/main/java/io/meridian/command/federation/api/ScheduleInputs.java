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
 * <p>
 * The member clusters are recorded by reference: {@code fleet} is the digest of their list, and {@code members} the
 * list itself only in the first decision of the process with that digest (null in the others, which read it from that
 * decision, by digest). Decisions recorded before {@code fleet} existed carry {@code members} and no digest.
 * {@code host} is the host cluster's name (null in those older decisions: it is the member marked host).
 */
public record ScheduleInputs(String templateApiVersion, String templateUid, int replicas, String policy,
                             JsonNode placement, List<MemberView> members, Map<String, Integer> previous,
                             List<String> evicted, Instant rescheduleTriggeredAt, Instant lastScheduledTime,
                             String observedAffinityName, Map<String, Long> podRequests, String fleet, String host) {
    public ScheduleInputs {
        podRequests = podRequests == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(podRequests));
    }

    /** The host cluster the decision read: {@code host}, or in a decision recorded before it, the member marked host. */
    public String hostCluster() {
        if (host != null || members == null) {
            return host;
        }
        return members.stream().filter(MemberView::host).map(MemberView::name).findFirst().orElse(null);
    }
}
