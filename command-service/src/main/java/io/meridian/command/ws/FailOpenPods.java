package io.meridian.command.ws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.ws.api.PendingAdoption;
import io.meridian.core.ws.MatchedWorkloadSpread;
import io.meridian.core.ws.controller.AdoptionPatch;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The spread's pending decisions about pods without a subset, so that syncs taken before the cluster shows them
 * done do not contradict them: while its patch is under way an adopted pod counts in its subset (the kernel sees
 * it as annotated and does not adopt it again), and a pod to reschedule is left out of the sync. Without this, a
 * later sync that sees more such pods could adopt another one into the same room (pods are taken in name order),
 * and both patches would land: a subset above its maxReplicas. Decisions still pending {@link #RESEND_AFTER}
 * after their mutations were sent are sent again (a mutation that failed is not lost).
 *
 * @param adopting     by pod uid
 * @param rescheduling pod uids
 * @param sentAt       when the mutations of these decisions were last sent
 */
record FailOpenPods(Map<String, PendingAdoption> adopting, Set<String> rescheduling, Instant sentAt) {
    static final FailOpenPods NONE = new FailOpenPods(Map.of(), Set.of(), Instant.EPOCH);
    static final Duration RESEND_AFTER = Duration.ofSeconds(15);

    FailOpenPods {
        adopting = Map.copyOf(new TreeMap<>(adopting));
        rescheduling = Set.copyOf(new TreeSet<>(rescheduling));
    }

    boolean isEmpty() {
        return adopting.isEmpty() && rescheduling.isEmpty();
    }

    /** Whether these decisions' mutations are to be sent again at {@code now}. */
    boolean dueForResend(Instant now) {
        return !isEmpty() && !now.isBefore(sentAt.plus(RESEND_AFTER));
    }

    /** The decisions still pending for these pods: their pod is still there, and (adoptions) still without a subset. */
    FailOpenPods stillPending(List<JsonNode> pods, String spread) {
        Map<String, PendingAdoption> adoptingNow = new TreeMap<>();
        Set<String> reschedulingNow = new TreeSet<>();
        for (JsonNode pod : pods) {
            String uid = uid(pod);
            if (uid == null) {
                continue;
            }
            if (adopting.containsKey(uid) && subsetOf(pod, spread).isEmpty()) {
                adoptingNow.put(uid, adopting.get(uid));
            }
            if (rescheduling.contains(uid)) {
                reschedulingNow.add(uid);
            }
        }
        return new FailOpenPods(adoptingNow, reschedulingNow, sentAt);
    }

    /** The pods as the kernel is to see them: pods being adopted already in their subset, pods being rescheduled gone. */
    List<JsonNode> asDecided(List<JsonNode> pods, String spread) {
        List<JsonNode> out = new ArrayList<>(pods.size());
        for (JsonNode pod : pods) {
            String uid = uid(pod);
            if (uid != null && rescheduling.contains(uid)) {
                continue;
            }
            PendingAdoption adoption = uid == null ? null : adopting.get(uid);
            out.add(adoption == null ? pod : annotated(pod, spread, adoption.subset()));
        }
        return out;
    }

    /** The names of the pods being rescheduled. */
    List<String> reschedulingNames(List<JsonNode> pods) {
        return pods.stream().filter(p -> rescheduling.contains(uid(p))).map(FailOpenPods::name).toList();
    }

    /** These decisions plus a sync's new adoptions and reschedules (pods by name, resolved to uids). */
    FailOpenPods plus(List<AdoptionPatch> adopted, List<String> rescheduled, List<JsonNode> pods, Instant sent) {
        Map<String, String> uids = new LinkedHashMap<>();
        pods.forEach(p -> uids.put(name(p), uid(p)));
        Map<String, PendingAdoption> adoptingNext = new TreeMap<>(adopting);
        adopted.forEach(a -> Optional.ofNullable(uids.get(a.podName()))
                .ifPresent(uid -> adoptingNext.put(uid, new PendingAdoption(a.podName(), a.subset(), a.patch()))));
        Set<String> reschedulingNext = new TreeSet<>(rescheduling);
        rescheduled.forEach(name -> Optional.ofNullable(uids.get(name)).ifPresent(reschedulingNext::add));
        return new FailOpenPods(adoptingNext, reschedulingNext, sent);
    }

    /** What a sync sends about pods without a subset (its own decisions, plus the pending ones when due again), and what is pending after it. */
    record AfterSync(List<AdoptionPatch> adoptions, List<String> reschedules, FailOpenPods decided) {
    }

    /** These pending decisions after a sync that adopted {@code adopted} and found {@code overLimit} with no room. */
    AfterSync afterSync(List<AdoptionPatch> adopted, List<String> overLimit, List<JsonNode> pods, Instant now) {
        boolean resend = dueForResend(now);
        List<AdoptionPatch> adoptions = new ArrayList<>(adopted);
        List<String> reschedules = new ArrayList<>(overLimit);
        if (resend) {
            adopting.values().forEach(a -> adoptions.add(new AdoptionPatch(a.pod(), a.subset(), a.patch())));
            reschedules.addAll(reschedulingNames(pods));
        }
        boolean sent = resend || !adopted.isEmpty() || !overLimit.isEmpty();
        return new AfterSync(adoptions, reschedules, plus(adopted, overLimit, pods, sent ? now : sentAt));
    }

    private static JsonNode annotated(JsonNode pod, String spread, String subset) {
        ObjectNode copy = pod.deepCopy();
        ObjectNode metadata = copy.get("metadata") instanceof ObjectNode m ? m : copy.putObject("metadata");
        ObjectNode annotations = metadata.get("annotations") instanceof ObjectNode a ? a : metadata.putObject("annotations");
        annotations.put(MatchedWorkloadSpread.ANNOTATION, new MatchedWorkloadSpread(spread, subset, "").toAnnotationValue());
        return copy;
    }

    private static Optional<String> subsetOf(JsonNode pod, String spread) {
        Map<String, String> annotations = new TreeMap<>();
        pod.path("metadata").path("annotations").fields().forEachRemaining(e -> annotations.put(e.getKey(), e.getValue().asText()));
        return MatchedWorkloadSpread.fromAnnotations(annotations).filter(m -> m.name().equals(spread)).map(MatchedWorkloadSpread::subset);
    }

    private static String name(JsonNode pod) {
        return pod.path("metadata").path("name").asText();
    }

    private static String uid(JsonNode pod) {
        return pod.path("metadata").path("uid").asText(null);
    }
}
