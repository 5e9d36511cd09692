package io.meridian.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.meridian.core.karmada.division.AssignmentRequest;
import io.meridian.core.karmada.division.AssignmentResult;
import io.meridian.core.karmada.division.AvailabilityDivision;
import io.meridian.core.karmada.division.ClusterWeight;
import io.meridian.core.karmada.division.Dispenser;
import io.meridian.core.karmada.division.DuplicatedDivision;
import io.meridian.core.karmada.division.DynamicDivision;
import io.meridian.core.karmada.division.PartySeats;
import io.meridian.core.karmada.division.ReplicaAssigner;
import io.meridian.core.karmada.division.StaticWeightDivision;
import io.meridian.core.karmada.division.TargetClusters;
import io.meridian.core.karmada.division.TieBreaker;
import io.meridian.core.karmada.division.WebsterApportionment;
import io.meridian.core.karmada.model.ClusterAffinity;
import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.MemberCluster;
import io.meridian.core.karmada.model.ReplicaScheduling;
import io.meridian.core.karmada.model.ReplicaStrategy;
import io.meridian.core.karmada.model.ScheduleMode;
import io.meridian.core.karmada.model.StaticClusterWeight;
import io.meridian.core.karmada.model.TargetCluster;
import io.meridian.core.karmada.model.WeightPreference;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Conformance cases {@code karmada.division/<level>} (spec §0.1): each level's input becomes one kernel call,
 * whose clusters (or error) are compared with {@code expected}.
 */
final class DivisionCases implements CaseFamily {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public Map<String, CaseHandler> handlers() {
        Map<String, Function<JsonNode, AssignmentResult>> levels = new LinkedHashMap<>();
        levels.put("dispenser", DivisionCases::dispenser);
        levels.put("spreadByTargetClusters", DivisionCases::spreadByTargetClusters);
        levels.put("divideByAvailable", DivisionCases::divideByAvailable);
        levels.put("staticWeight", DivisionCases::staticWeight);
        levels.put("duplicated", DivisionCases::duplicated);
        levels.put("dynamic", DivisionCases::dynamic);
        levels.put("assignReplicas", DivisionCases::assignReplicas);
        levels.put("mergeTargetClusters", input -> AssignmentResult.assigned(
                TargetClusters.merge(targetClusters(input.get("old")), targetClusters(input.get("new")))));
        levels.put("attachZeroReplicas", input -> AssignmentResult.assigned(TargetClusters.attachZeroReplicas(
                strings(input.get("candidateNames")), targetClusters(input.get("assigned")))));
        Map<String, CaseHandler> handlers = new LinkedHashMap<>();
        handlers.put("karmada.division/webster",
                testCase -> compare(testCase.get("expected"), webster(testCase.get("input")), ""));
        levels.forEach((level, call) -> handlers.put("karmada.division/" + level, testCase -> check(testCase, call)));
        return handlers;
    }

    private static CaseOutcome check(JsonNode testCase, Function<JsonNode, AssignmentResult> call) {
        AssignmentResult result = call.apply(testCase.get("input"));
        String error = result.failure().map(AssignmentResult.Failed::message).orElse("");
        JsonNode actual = result.succeeded() ? render(result.clustersOrEmpty()) : NullNode.getInstance();
        return compare(testCase.get("expected"), actual, error);
    }

    static CaseOutcome compare(JsonNode expected, JsonNode actual, String error) {
        if (expected.path("error").asBoolean(false)) {
            return expectError(expected.path("errorContains").asText(""), actual, error);
        }
        if (!error.isEmpty()) {
            return CaseOutcome.fail("unexpected error: " + error);
        }
        boolean ordered = expected.path("ordered").asBoolean(false);
        if (expected.has("anyOf")) {
            for (JsonNode option : expected.get("anyOf")) {
                if (differs(option, actual, ordered) == null) {
                    return CaseOutcome.pass();
                }
            }
            return CaseOutcome.fail("none of " + expected.get("anyOf") + " matches " + actual);
        }
        return CaseOutcome.passUnless(differs(expected.get("result"), actual, ordered));
    }

    private static CaseOutcome expectError(String contains, JsonNode actual, String error) {
        if (error.isEmpty()) {
            return CaseOutcome.fail("expected an error, got " + actual);
        }
        return error.contains(contains) ? CaseOutcome.pass()
                : CaseOutcome.fail("expected an error containing '" + contains + "', got '" + error + "'");
    }

    private static String differs(JsonNode expected, JsonNode actual, boolean ordered) {
        return ordered ? JsonDiff.describe(expected, actual) : JsonDiff.describeUnordered(expected, actual);
    }

    private static JsonNode webster(JsonNode input) {
        Map<String, Long> votes = new LinkedHashMap<>();
        input.path("votes").fields().forEachRemaining(e -> votes.put(e.getKey(), e.getValue().asLong()));
        Map<String, Integer> initial = new LinkedHashMap<>();
        input.path("initialSeats").fields().forEachRemaining(e -> initial.put(e.getKey(), e.getValue().asInt()));
        List<PartySeats> parties = WebsterApportionment.allocate(input.path("newSeats").asInt(), votes, initial,
                tieBreaker(input.path("tieBreaker").asText("")));
        return parties.isEmpty() ? NullNode.getInstance() : JSON.valueToTree(parties);
    }

    private static TieBreaker tieBreaker(String name) {
        return switch (name) {
            case "rawNameAscending" -> TieBreaker.namesAscending();
            case "rawNameDescending" -> TieBreaker.namesDescending();
            case "", "null" -> TieBreaker.builtIn();
            default -> throw new IllegalArgumentException("unknown tieBreaker " + name);
        };
    }

    private static AssignmentResult dispenser(JsonNode input) {
        List<ClusterWeight> weights = new ArrayList<>();
        input.path("weights").forEach(w -> weights.add(new ClusterWeight(w.path("name").asText(),
                w.path("weight").asLong())));
        return AssignmentResult.assigned(Dispenser.allocateByWeight(input.path("newReplicas").asInt(),
                targetClusters(input.get("initialAssignment")), weights, uid(input)));
    }

    private static AssignmentResult spreadByTargetClusters(JsonNode input) {
        return AssignmentResult.assigned(Dispenser.spreadByTargetClusters(input.path("replicas").asInt(),
                targetClusters(input.get("weightClusters")), List.of(), uid(input)));
    }

    private static AssignmentResult divideByAvailable(JsonNode input) {
        ReplicaStrategy strategy = "Aggregated".equals(input.path("strategyType").asText())
                ? ReplicaStrategy.AGGREGATED : ReplicaStrategy.DYNAMIC_WEIGHT;
        List<ClusterWeight> available = targetClusters(input.get("availableClusters")).stream()
                .map(c -> new ClusterWeight(c.name(), c.replicas())).toList();
        return AvailabilityDivision.divide(strategy, available, input.path("targetReplicas").asInt(), List.of(),
                uid(input));
    }

    private static AssignmentResult staticWeight(JsonNode input) {
        ReplicaScheduling scheduling = replicaScheduling(input.get("strategy"));
        return AssignmentResult.assigned(StaticWeightDivision.assign(candidates(input),
                scheduling == null ? null : scheduling.weightPreference(), input.path("replicas").asInt(),
                uid(input)));
    }

    private static AssignmentResult duplicated(JsonNode input) {
        return AssignmentResult.assigned(DuplicatedDivision.assign(candidates(input), input.path("replicas").asInt()));
    }

    private static AssignmentResult dynamic(JsonNode input) {
        return ReplicaStrategy.classify(replicaScheduling(input.get("strategy"))).strategy()
                .map(strategy -> dynamic(strategy, input))
                .orElseGet(AssignmentResult::unsupportedStrategy);
    }

    private static AssignmentResult dynamic(ReplicaStrategy strategy, JsonNode input) {
        List<ClusterCandidate> candidates = candidates(input);
        int replicas = input.path("replicas").asInt();
        List<TargetCluster> previous = targetClusters(input.get("previous"));
        if (input.path("forceScaleUp").asBoolean(false)) {
            return DynamicDivision.scaleUp(strategy, candidates, replicas,
                    DynamicDivision.scheduledOn(candidates, previous), uid(input));
        }
        return DynamicDivision.assign(strategy, candidates, replicas, previous, mode(input), uid(input));
    }

    private static AssignmentResult assignReplicas(JsonNode input) {
        return ReplicaAssigner.assign(AssignmentRequest.builder(candidates(input),
                        replicaScheduling(input.get("strategy")), input.path("replicas").asInt())
                .previous(targetClusters(input.get("previous")))
                .mode(mode(input))
                .uid(uid(input))
                .overflowTiers(input.path("overflow").asBoolean(false))
                .replicaRequirements(isSet(input.get("replicaRequirements")))
                .components(componentCount(input.get("components")))
                .build());
    }

    /** Optional: a requirements object or flag. */
    private static boolean isSet(JsonNode node) {
        return node != null && !node.isNull() && !(node.isBoolean() && !node.asBoolean());
    }

    /** Optional: a list of components or their number; absent means an ordinary single-template workload. */
    private static int componentCount(JsonNode node) {
        if (node == null || node.isNull()) {
            return 1;
        }
        return node.isArray() ? node.size() : node.asInt(1);
    }

    /**
     * Candidates from {name, allocatableReplicas?, availableReplicas?, overflowOrder?}. Without an estimate the
     * allocatable is spec.replicas (§3.3); without an explicit available it is allocatable + current replicas.
     */
    private static List<ClusterCandidate> candidates(JsonNode input) {
        Map<String, Integer> held = TargetClusters.replicasByName(targetClusters(input.get("previous")));
        int replicas = input.path("replicas").asInt();
        List<ClusterCandidate> candidates = new ArrayList<>();
        for (JsonNode c : input.path("candidates")) {
            String name = c.path("name").asText();
            long allocatable = c.path("allocatableReplicas").asLong(replicas);
            long available = c.path("availableReplicas").asLong(allocatable + held.getOrDefault(name, 0));
            candidates.add(new ClusterCandidate(MemberCluster.named(name), allocatable, available,
                    c.path("overflowOrder").asInt(0), 0));
        }
        return candidates;
    }

    /** The case shape {type, divisionPreference?, staticWeights?, dynamicWeight?}; null means no replicaScheduling. */
    private static ReplicaScheduling replicaScheduling(JsonNode strategy) {
        if (strategy == null || strategy.isNull()) {
            return null;
        }
        JsonNode rules = strategy.get("staticWeights");
        String dynamicWeight = strategy.path("dynamicWeight").asText("");
        WeightPreference preference = (rules == null || rules.isNull()) && dynamicWeight.isEmpty() ? null
                : new WeightPreference(staticWeights(rules), dynamicWeight);
        return new ReplicaScheduling(strategy.path("type").asText(""), strategy.path("divisionPreference").asText(""),
                preference);
    }

    private static List<StaticClusterWeight> staticWeights(JsonNode rules) {
        List<StaticClusterWeight> weights = new ArrayList<>();
        if (rules != null) {
            rules.forEach(rule -> weights.add(new StaticClusterWeight(
                    ClusterAffinity.ofNames(strings(rule.get("clusterNames"))), rule.path("weight").asLong())));
        }
        return weights;
    }

    private static ScheduleMode mode(JsonNode input) {
        return "Fresh".equals(input.path("mode").asText("")) ? ScheduleMode.FRESH : ScheduleMode.STEADY;
    }

    private static String uid(JsonNode input) {
        return input.path("uid").asText("");
    }

    private static List<TargetCluster> targetClusters(JsonNode list) {
        List<TargetCluster> clusters = new ArrayList<>();
        if (list != null) {
            list.forEach(c -> clusters.add(new TargetCluster(c.path("name").asText(), c.path("replicas").asInt())));
        }
        return clusters;
    }

    private static List<String> strings(JsonNode list) {
        List<String> values = new ArrayList<>();
        if (list != null) {
            list.forEach(v -> values.add(v.asText()));
        }
        return values;
    }

    private static ArrayNode render(List<TargetCluster> clusters) {
        ArrayNode array = JSON.createArrayNode();
        clusters.forEach(c -> array.addObject().put("name", c.name()).put("replicas", c.replicas()));
        return array;
    }
}
