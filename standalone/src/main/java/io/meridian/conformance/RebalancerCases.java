package io.meridian.conformance;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.karmada.model.ClusterAffinityTerm;
import io.meridian.core.karmada.model.Placement;
import io.meridian.core.karmada.model.ReplicaScheduling;
import io.meridian.core.karmada.model.TargetCluster;
import io.meridian.core.karmada.rebalancer.BindingLookup;
import io.meridian.core.karmada.rebalancer.BindingUpdate;
import io.meridian.core.karmada.rebalancer.NextStep;
import io.meridian.core.karmada.rebalancer.ObservedWorkload;
import io.meridian.core.karmada.rebalancer.RebalancerMetadata;
import io.meridian.core.karmada.rebalancer.RebalancerReconciler;
import io.meridian.core.karmada.rebalancer.ReconcileContext;
import io.meridian.core.karmada.rebalancer.ReconcileDecision;
import io.meridian.core.karmada.rebalancer.WorkloadRebalancer;
import io.meridian.core.karmada.rebalancer.WorkloadRebalancerSpec;
import io.meridian.core.karmada.rebalancer.WorkloadRebalancerStatus;
import io.meridian.core.karmada.rebalancer.WorkloadReference;
import io.meridian.core.karmada.scheduler.AffinityTermWalk;
import io.meridian.core.karmada.scheduler.AffinityWalkResult;
import io.meridian.core.karmada.scheduler.BindingKey;
import io.meridian.core.karmada.scheduler.BindingKind;
import io.meridian.core.karmada.scheduler.BindingState;
import io.meridian.core.karmada.scheduler.ReplicasChangedRule;
import io.meridian.core.karmada.scheduler.RescheduleRule;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Conformance cases karmada.rebalancer/: reconcile, updateStatus, rescheduleRequired, schedulerTrigger, replicasChanged. */
final class RebalancerCases implements CaseFamily {
    private static final String SET_TO_NOW = "SET_TO_NOW";
    private static final String UNCHANGED_NIL = "UNCHANGED_NIL";

    private final ObjectMapper mapper = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    @Override
    public Map<String, CaseHandler> handlers() {
        Map<String, CaseHandler> handlers = new LinkedHashMap<>();
        handlers.put("karmada.rebalancer/reconcile", this::reconcile);
        handlers.put("karmada.rebalancer/updateStatus", this::updateStatus);
        handlers.put("karmada.rebalancer/rescheduleRequired", this::rescheduleRequired);
        handlers.put("karmada.rebalancer/schedulerTrigger", this::schedulerTrigger);
        handlers.put("karmada.rebalancer/replicasChanged", this::replicasChanged);
        return handlers;
    }

    // ---- reconcile

    private CaseOutcome reconcile(JsonNode testCase) throws IOException {
        JsonNode input = testCase.path("input");
        JsonNode expected = testCase.path("expected");
        WorkloadRebalancer rebalancer = rebalancer(input.path("rebalancer"));
        Map<BindingKey, BindingState> existing = existingBindings(input.path("existingBindings"));
        Map<BindingKey, BindingLookup> lookups = new TreeMap<>();
        existing.forEach((key, state) -> lookups.put(key, BindingLookup.found(state)));

        ReconcileDecision decision = RebalancerReconciler.reconcile(rebalancer, ReconcileContext.of(lookups),
                RebalancerTimeSymbols.T_NOW);

        List<String> differences = new ArrayList<>();
        compareFlag(differences, "error", expected, decision.next() instanceof NextStep.RequeueWithBackoff);
        compareFlag(differences, "deleted", expected, decision.deletes());
        if (!expected.path("deleted").asBoolean(false)) {
            compareStatus(differences, expected, decision.status());
            compareBindingsAfter(differences, expected, existing, decision.bindingUpdates());
        }
        return CaseOutcome.passUnless(differences.isEmpty() ? null : String.join("; ", differences));
    }

    private WorkloadRebalancer rebalancer(JsonNode node) throws IOException {
        JsonNode spec = node.path("spec");
        List<WorkloadReference> workloads = new ArrayList<>();
        for (JsonNode w : spec.path("workloads")) {
            workloads.add(mapper.treeToValue(w, WorkloadReference.class));
        }
        JsonNode ttl = spec.path("ttlSecondsAfterFinished");
        RebalancerMetadata metadata = new RebalancerMetadata(node.path("name").asText("rebalancer"),
                RebalancerTimeSymbols.parse(node.path("creationTimestamp")), node.path("generation").asLong(0),
                node.path("resourceVersion").asText("1"));
        WorkloadRebalancerSpec rebalancerSpec = new WorkloadRebalancerSpec(workloads,
                ttl.isNumber() ? ttl.asInt() : null, null, spec.path("dryRun").asBoolean(false),
                spec.path("preserveAvailable").asBoolean(false));
        return WorkloadRebalancer.of(metadata, rebalancerSpec, status(node.path("status")));
    }

    private WorkloadRebalancerStatus status(JsonNode node) throws IOException {
        List<ObservedWorkload> observed = new ArrayList<>();
        for (JsonNode entry : node.path("observedWorkloads")) {
            observed.add(mapper.treeToValue(entry, ObservedWorkload.class));
        }
        return new WorkloadRebalancerStatus(observed, node.path("observedGeneration").asLong(0),
                RebalancerTimeSymbols.parse(node.path("finishTime")));
    }

    private static Map<BindingKey, BindingState> existingBindings(JsonNode bindings) {
        Map<BindingKey, BindingState> existing = new TreeMap<>();
        for (JsonNode b : bindings) {
            String namespace = b.path("namespace").asText("");
            String kind = b.path("kind").asText(namespace.isEmpty() ? "ClusterResourceBinding" : "ResourceBinding");
            BindingKey key = new BindingKey(BindingKind.valueOf(kind), namespace, b.path("name").asText());
            existing.put(key, BindingState.triggerView(key, RebalancerTimeSymbols.parse(b.path("rescheduleTriggeredAt")),
                    RebalancerTimeSymbols.parse(b.path("lastScheduledTime"))));
        }
        return existing;
    }

    private static void compareFlag(List<String> differences, String field, JsonNode expected, boolean actual) {
        if (expected.has(field) && expected.get(field).asBoolean() != actual) {
            differences.add(field + ": expected " + expected.get(field) + ", got " + actual);
        }
    }

    private void compareStatus(List<String> differences, JsonNode expected, WorkloadRebalancerStatus actual) {
        if (expected.has("status")) {
            ObjectNode want = expected.get("status").deepCopy();
            ObjectNode got = renderStatus(actual);
            if (expected.has("finishTime")) {
                // the top-level marker is the authority on finishTime
                want.remove("finishTime");
                got.remove("finishTime");
            }
            addIfDifferent(differences, "status", JsonDiff.describe(want, got));
        }
        if (expected.has("finishTime")) {
            String marker = expected.get("finishTime").asText("");
            Instant finish = actual.finishTime();
            boolean ok = switch (marker) {
                case SET_TO_NOW -> RebalancerTimeSymbols.T_NOW.equals(finish);
                case UNCHANGED_NIL -> finish == null;
                default -> RebalancerTimeSymbols.same(expected.get("finishTime"), finish);
            };
            if (!ok) {
                differences.add("finishTime: expected " + expected.get("finishTime") + ", got "
                        + RebalancerTimeSymbols.render(finish));
            }
        }
    }

    private ObjectNode renderStatus(WorkloadRebalancerStatus status) {
        ObjectNode node = mapper.valueToTree(status);
        node.set("finishTime", RebalancerTimeSymbols.render(status.finishTime()));
        return node;
    }

    private void compareBindingsAfter(List<String> differences, JsonNode expected, Map<BindingKey, BindingState> existing,
                                      List<BindingUpdate> updates) {
        if (!expected.has("bindingsAfter")) {
            return;
        }
        Map<BindingKey, BindingState> after = new TreeMap<>(existing);
        for (BindingUpdate update : updates) {
            after.computeIfPresent(update.key(), (k, b) -> b.withRescheduleTriggeredAt(update.rescheduleTriggeredAt()));
        }
        ArrayNode rendered = mapper.createArrayNode();
        after.values().forEach(b -> rendered.add(renderBinding(b)));
        addIfDifferent(differences, "bindingsAfter", JsonDiff.describeUnordered(expected.get("bindingsAfter"), rendered));
    }

    private ObjectNode renderBinding(BindingState binding) {
        ObjectNode node = mapper.createObjectNode();
        node.put("kind", binding.key().kind().name());
        node.put("namespace", binding.key().namespace());
        node.put("name", binding.key().name());
        node.set("rescheduleTriggeredAt", RebalancerTimeSymbols.render(binding.rescheduleTriggeredAt()));
        node.set("lastScheduledTime", RebalancerTimeSymbols.render(binding.lastScheduledTime()));
        return node;
    }

    private static void addIfDifferent(List<String> differences, String what, String difference) {
        if (difference != null) {
            differences.add(what + " " + difference);
        }
    }

    // ---- updateStatus

    private CaseOutcome updateStatus(JsonNode testCase) throws IOException {
        JsonNode input = testCase.path("input");
        WorkloadRebalancerStatus after = RebalancerReconciler.statusAfterWrite(status(input.path("oldStatus")),
                status(input.path("newStatus")));
        ObjectNode actual = mapper.createObjectNode();
        actual.put("error", false);
        actual.set("statusAfter", renderStatus(after));
        return CaseOutcome.passUnless(JsonDiff.describe(testCase.path("expected"), actual));
    }

    // ---- scheduler side

    private CaseOutcome rescheduleRequired(JsonNode testCase) {
        JsonNode input = testCase.path("input");
        boolean fresh = RescheduleRule.required(RebalancerTimeSymbols.parse(input.path("rescheduleTriggeredAt")),
                RebalancerTimeSymbols.parse(input.path("lastScheduledTime")));
        ObjectNode actual = mapper.createObjectNode().put("freshReschedule", fresh);
        return CaseOutcome.passUnless(JsonDiff.describe(testCase.path("expected"), actual));
    }

    private CaseOutcome replicasChanged(JsonNode testCase) throws IOException {
        JsonNode input = testCase.path("input");
        JsonNode type = input.path("replicaSchedulingType");
        ReplicaScheduling scheduling = type.isNull() || type.isMissingNode() ? null
                : new ReplicaScheduling(type.asText(), null, null);
        JsonNode components = input.path("components");
        int componentCount = components.isArray() ? components.size() : input.path("componentCount").asInt(0);
        boolean gate = input.path("multiplePodTemplatesScheduling").asBoolean(
                input.path("featureGates").path("MultiplePodTemplatesScheduling").asBoolean(false));
        boolean changed = ReplicasChangedRule.changed(scheduling, input.path("specReplicas").asInt(0), componentCount,
                clusters(input.path("clusters")), gate);
        ObjectNode actual = mapper.createObjectNode().put("changed", changed);
        return CaseOutcome.passUnless(JsonDiff.describe(testCase.path("expected"), actual));
    }

    private CaseOutcome schedulerTrigger(JsonNode testCase) throws IOException {
        JsonNode input = testCase.path("input");
        List<ClusterAffinityTerm> terms = new ArrayList<>();
        for (JsonNode term : input.path("clusterAffinities")) {
            terms.add(mapper.treeToValue(term, ClusterAffinityTerm.class));
        }
        BindingKey key = new BindingKey(BindingKind.ResourceBinding, "default", "binding");
        BindingState binding = new BindingState(key, "", input.path("replicas").asInt(1), 0,
                clusters(input.path("clusters")), new Placement(null, terms, List.of(), null),
                RebalancerTimeSymbols.parse(input.path("rescheduleTriggeredAt")),
                RebalancerTimeSymbols.parse(input.path("lastScheduledTime")),
                input.path("schedulerObservedAffinityName").asText(""));
        AffinityWalkResult result = AffinityTermWalk.walk(binding,
                ScheduleOutcomeProse.scheduleFunction(input.path("scheduleOutcome").asText("")));

        ObjectNode actual = mapper.createObjectNode();
        ArrayNode tried = actual.putArray("affinityTermsTried");
        result.termsTried().forEach(tried::add);
        actual.set("clusters", mapper.valueToTree(result.clustersAfter()));
        actual.put("schedulerObservedAffinityName", result.observedAffinityName());
        actual.put("error", !result.succeeded());
        ObjectNode comparable = onlyExpectedFields(testCase.path("expected"), actual);
        return CaseOutcome.passUnless(JsonDiff.describe(testCase.path("expected"), comparable));
    }

    private static ObjectNode onlyExpectedFields(JsonNode expected, ObjectNode actual) {
        ObjectNode kept = actual.objectNode();
        expected.fieldNames().forEachRemaining(f -> {
            if (actual.has(f)) {
                kept.set(f, actual.get(f));
            }
        });
        return kept;
    }

    private List<TargetCluster> clusters(JsonNode node) throws IOException {
        List<TargetCluster> clusters = new ArrayList<>();
        for (JsonNode c : node) {
            clusters.add(mapper.treeToValue(c, TargetCluster.class));
        }
        return clusters;
    }
}
