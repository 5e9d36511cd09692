package io.meridian.conformance;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.ud.adaptive.PodSnapshot;
import io.meridian.core.ud.adaptive.ReservedPodCheck;
import io.meridian.core.ud.adaptive.ReservedPodStatus;
import io.meridian.core.ud.alloc.Allocation;
import io.meridian.core.ud.alloc.AllocationRequest;
import io.meridian.core.ud.alloc.AllocatorKind;
import io.meridian.core.ud.alloc.ExistingSubset;
import io.meridian.core.ud.model.Conditions;
import io.meridian.core.ud.model.Subset;
import io.meridian.core.ud.model.UdScheduleStrategy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Conformance cases: kruise.ud/allocation kruise.ud/reservedPodStatus. */
final class UnitedDeploymentCases implements CaseFamily {
    private static final Instant NOW = Instant.parse("2024-06-01T12:00:00Z");
    private static final Map<String, AllocatorKind> ALLOCATORS = Map.of(
            "specific", AllocatorKind.SPECIFIC, "minMax", AllocatorKind.MIN_MAX,
            "adaptive", AllocatorKind.ADAPTIVE, "reservation", AllocatorKind.RESERVATION);

    private final ObjectMapper mapper = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    @Override
    public Map<String, CaseHandler> handlers() {
        Map<String, CaseHandler> handlers = new LinkedHashMap<>();
        handlers.put("kruise.ud/allocation", this::allocation);
        handlers.put("kruise.ud/reservedPodStatus", this::reservedPodStatus);
        return handlers;
    }

    private CaseOutcome allocation(JsonNode testCase) throws Exception {
        JsonNode input = testCase.path("input");
        List<Subset> subsets = new ArrayList<>();
        for (JsonNode subset : input.path("subsets")) {
            subsets.add(mapper.treeToValue(subset, Subset.class));
        }
        Map<String, ExistingSubset> existing = new LinkedHashMap<>();
        for (var entry : input.path("existingSubsets").properties()) {
            existing.put(entry.getKey(), mapper.treeToValue(entry.getValue(), ExistingSubset.class));
        }
        Integer replicas = input.path("replicas").isNumber() ? input.get("replicas").intValue() : null;
        UdScheduleStrategy strategy = input.hasNonNull("scheduleStrategy")
                ? mapper.treeToValue(input.get("scheduleStrategy"), UdScheduleStrategy.class) : null;

        AllocatorKind selected = AllocatorKind.select(strategy, subsets);
        AllocatorKind named = ALLOCATORS.get(testCase.path("allocator").asText());
        if (selected != named) {
            return CaseOutcome.fail("selection rule picks " + selected + ", the case names " + testCase.path("allocator"));
        }
        Allocation allocation = selected.allocator().allocate(new AllocationRequest(replicas, subsets, existing));
        return CaseOutcome.passUnless(compareAllocation(testCase.path("expected"), allocation));
    }

    private String compareAllocation(JsonNode expected, Allocation allocation) {
        if (expected.path("error").asBoolean(false)) {
            return allocation.isRejected() ? null : "expected a rejection, got " + allocation.nextReplicas();
        }
        if (allocation.isRejected()) {
            return "expected " + expected.path("nextReplicas") + ", got rejection: " + allocation.error();
        }
        return JsonDiff.describe(expected.path("nextReplicas"), mapper.valueToTree(allocation.nextReplicas()));
    }

    private CaseOutcome reservedPodStatus(JsonNode testCase) {
        JsonNode input = testCase.path("input");
        JsonNode updatedAgo = input.path("updatedConditionLastTransitionSecondsAgo");
        ReservedPodStatus status = ReservedPodCheck.check(
                pod(input.path("pod")),
                input.path("subsetUpdatedRevision").asText(),
                updatedAgo.isNumber() ? secondsAgo(updatedAgo) : Conditions.ZERO_TIME,
                Duration.ofSeconds(input.path("pendingTimeoutSeconds").asLong()),
                Duration.ofSeconds(input.path("minReadySeconds").asLong()),
                NOW);
        ObjectNode actual = mapper.createObjectNode();
        actual.put("reserved", status.reserved());
        actual.put("nextCheckAfterSeconds", status.nextCheckAfter().map(Duration::toSeconds).orElse(-1L));
        actual.put("updateTimeoutPodsIncrement", status.updateTimeoutPodsIncrement());
        return CaseOutcome.passUnless(JsonDiff.describe(testCase.path("expected"), actual));
    }

    private PodSnapshot pod(JsonNode pod) {
        List<PodSnapshot.Condition> conditions = new ArrayList<>();
        for (JsonNode c : pod.path("conditions")) {
            conditions.add(new PodSnapshot.Condition(c.path("type").asText(), c.path("status").asText(),
                    c.hasNonNull("reason") ? c.get("reason").asText() : null,
                    c.hasNonNull("lastTransitionSecondsAgo") ? secondsAgo(c.get("lastTransitionSecondsAgo")) : null));
        }
        Map<String, String> labels = new LinkedHashMap<>();
        pod.path("labels").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
        return new PodSnapshot("pod", pod.path("phase").asText(), secondsAgo(pod.path("createdSecondsAgo")),
                pod.hasNonNull("deletionTimestampSecondsAgo") ? secondsAgo(pod.get("deletionTimestampSecondsAgo")) : null,
                null, labels, conditions);
    }

    private static Instant secondsAgo(JsonNode seconds) {
        return NOW.minusSeconds(seconds.asLong());
    }
}
