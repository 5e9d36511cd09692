package io.meridian.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.ws.PodVersions;
import io.meridian.core.ws.ReplicasPath;
import io.meridian.core.ws.admission.AdmissionDecision;
import io.meridian.core.ws.admission.AdmissionResult;
import io.meridian.core.ws.admission.PodCreationAdmission;
import io.meridian.core.ws.admission.PodCreationRequest;
import io.meridian.core.ws.admission.PodDeletionBookkeeping;
import io.meridian.core.ws.admission.PodDeletionRequest;
import io.meridian.core.ws.admission.StatusChange;
import io.meridian.core.ws.admission.SubsetStatuses;
import io.meridian.core.ws.admission.TargetReplicas;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadStatus;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Conformance cases: kruise.ws/webhookCreate kruise.ws/webhookDelete kruise.ws/initSubsetStatuses kruise.ws/podVersion kruise.ws/replicasPath. */
final class WorkloadSpreadAdmissionCases implements CaseFamily {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant NOW = Instant.parse("2024-01-01T00:00:00Z");

    @Override
    public Map<String, CaseHandler> handlers() {
        Map<String, CaseHandler> handlers = new LinkedHashMap<>();
        handlers.put("kruise.ws/webhookCreate", WorkloadSpreadAdmissionCases::webhookCreate);
        handlers.put("kruise.ws/webhookDelete", WorkloadSpreadAdmissionCases::webhookDelete);
        handlers.put("kruise.ws/initSubsetStatuses", WorkloadSpreadAdmissionCases::initSubsetStatuses);
        handlers.put("kruise.ws/podVersion", WorkloadSpreadAdmissionCases::podVersion);
        handlers.put("kruise.ws/replicasPath", WorkloadSpreadAdmissionCases::replicasPath);
        return handlers;
    }

    private static CaseOutcome webhookCreate(JsonNode testCase) {
        JsonNode input = testCase.path("input");
        JsonNode expected = testCase.path("expected");
        WorkloadSpread spread = WorkloadSpreadCaseInput.spread(input.path("workloadSpread"), NOW);
        JsonNode pod = WorkloadSpreadCaseInput.pod(input.path("pod"));
        String generatedId = UUID.nameUUIDFromBytes(testCase.path("name").asText().getBytes(StandardCharsets.UTF_8)).toString();
        PodCreationRequest request = new PodCreationRequest(pod, WorkloadSpreadCaseInput.listed(spread),
                WorkloadSpreadCaseInput.clusterObjects(input), WorkloadSpreadCaseInput.settings(input), NOW, generatedId, Map.of());
        AdmissionResult result = new PodCreationAdmission().decide(request);
        List<String> differences = new ArrayList<>();
        checkError(expected, result.decision(), differences);
        if (expected.has("chosenSubset")) {
            compare("chosenSubset", expected.get("chosenSubset"), JSON.valueToTree(chosenSubset(result.decision())), differences);
        }
        if (expected.has("podMutation")) {
            compare("podMutation", expected.get("podMutation"), PodMutationView.of(pod, result.decision()), differences);
        }
        checkStatusAfter(expected, spread, result.statusChange(), differences);
        checkGeneratedKey(expected, spread, result, generatedId, differences);
        return CaseOutcome.passUnless(differences.isEmpty() ? null : String.join("; ", differences) + " [" + result.reason() + "]");
    }

    private static CaseOutcome webhookDelete(JsonNode testCase) {
        JsonNode input = testCase.path("input");
        JsonNode expected = testCase.path("expected");
        WorkloadSpread spread = WorkloadSpreadCaseInput.spread(input.path("workloadSpread"), NOW);
        JsonNode pod = WorkloadSpreadCaseInput.pod(input.path("pod"));
        PodDeletionRequest request = new PodDeletionRequest(pod, WorkloadSpreadCaseInput.listed(spread),
                WorkloadSpreadCaseInput.clusterObjects(input), WorkloadSpreadCaseInput.settings(input), NOW);
        AdmissionResult result = new PodDeletionBookkeeping().decide(request);
        List<String> differences = new ArrayList<>();
        if (!(result.decision() instanceof AdmissionDecision.Allow)) {
            differences.add("deletion must always be allowed, got " + result.decision());
        }
        checkStatusAfter(expected, spread, result.statusChange(), differences);
        return CaseOutcome.passUnless(differences.isEmpty() ? null : String.join("; ", differences) + " [" + result.reason() + "]");
    }

    private static String chosenSubset(AdmissionDecision decision) {
        return decision instanceof AdmissionDecision.Patch patch ? patch.subset() : null;
    }

    private static void checkError(JsonNode expected, AdmissionDecision decision, List<String> differences) {
        String expectedError = expected.path("error").asText(null);
        if (expectedError == null) {
            if (decision instanceof AdmissionDecision.Deny deny) {
                differences.add("unexpected error " + deny.code() + ": " + deny.reason());
            }
        } else if (!(decision instanceof AdmissionDecision.Deny deny) || !matchesError(expectedError, deny)) {
            differences.add("expected error " + expectedError + ", got " + decision);
        }
    }

    private static boolean matchesError(String expectedError, AdmissionDecision.Deny deny) {
        return !"NotFound".equals(expectedError) || deny.code() == AdmissionDecision.NOT_FOUND;
    }

    private static void checkStatusAfter(JsonNode expected, WorkloadSpread spread, StatusChange change, List<String> differences) {
        JsonNode statusAfter = expected.get("statusAfter");
        if (statusAfter == null) {
            return;
        }
        if (statusAfter.isTextual() && "unchanged".equals(statusAfter.asText())) {
            if (!(change instanceof StatusChange.Unchanged)) {
                differences.add("statusAfter: expected unchanged, got a write " + change);
            }
            return;
        }
        WorkloadSpreadStatus after = change.applyTo(spread.status());
        statusAfter.fields().forEachRemaining(version -> compare("statusAfter." + version.getKey(), version.getValue(),
                rowsView(after.versionedSubsetStatuses().getOrDefault(version.getKey(), List.of()), version.getValue()), differences));
    }

    private static void checkGeneratedKey(JsonNode expected, WorkloadSpread spread, AdmissionResult result,
                                          String generatedId, List<String> differences) {
        if (!expected.has("generatedUID") && !expected.has("missingReplicasAfter")) {
            return;
        }
        if (!(result.statusChange() instanceof StatusChange.Recorded recorded)) {
            differences.add("expected a reservation, got " + result.statusChange());
            return;
        }
        if (expected.has("generatedUID") && !recorded.pod().key().equals(generatedId)) {
            differences.add("creatingPods key: expected the generated id " + generatedId + ", got '" + recorded.pod().key() + "'");
        }
        if (expected.has("generatedUID") && !annotationUid(result.decision()).equals(generatedId)) {
            differences.add("annotation uid: expected the generated id, got '" + annotationUid(result.decision()) + "'");
        }
        for (SubsetStatus row : recorded.rows()) {
            if (row.creatingPods().containsKey("")) {
                differences.add("creatingPods of " + row.name() + " is keyed by the empty pod name");
            }
            JsonNode missing = expected.path("missingReplicasAfter").get(row.name());
            if (missing != null && missing.asInt() != row.missingReplicas()) {
                differences.add("missingReplicas of " + row.name() + ": expected " + missing + ", got " + row.missingReplicas());
            }
        }
    }

    private static String annotationUid(AdmissionDecision decision) {
        if (!(decision instanceof AdmissionDecision.Patch patch)) {
            return "";
        }
        String value = patch.mutatedPod().path("metadata").path("annotations")
                .path(io.meridian.core.ws.MatchedWorkloadSpread.ANNOTATION).asText("");
        return io.meridian.core.ws.MatchedWorkloadSpread.parse(value).map(m -> m.uid()).orElse("");
    }

    /** Rows in the case shape; {@code replicas} and {@code conditions} only where the expected row lists them. */
    private static ArrayNode rowsView(List<SubsetStatus> rows, JsonNode expectedRows) {
        ArrayNode view = JSON.createArrayNode();
        for (int i = 0; i < rows.size(); i++) {
            SubsetStatus row = rows.get(i);
            JsonNode expectedRow = expectedRows.path(i);
            ObjectNode r = view.addObject();
            r.put("name", row.name());
            if (expectedRow.has("replicas")) {
                r.put("replicas", row.replicas());
            }
            if (expectedRow.has("conditions")) {
                ArrayNode conditions = r.putArray("conditions");
                row.conditions().forEach(c -> conditions.addObject().put("type", c.getType()).put("status", c.getStatus()));
            }
            r.put("missingReplicas", row.missingReplicas());
            ArrayNode creating = r.putArray("creatingPods");
            row.creatingPods().keySet().forEach(creating::add);
            ArrayNode deleting = r.putArray("deletingPods");
            row.deletingPods().keySet().forEach(deleting::add);
        }
        return view;
    }

    private static void compare(String what, JsonNode expected, JsonNode actual, List<String> differences) {
        String difference = JsonDiff.describe(expected, actual);
        if (difference != null) {
            differences.add(what + difference.substring(1));
        }
    }

    private static CaseOutcome initSubsetStatuses(JsonNode testCase) {
        JsonNode input = testCase.path("input");
        var spec = WorkloadSpreadCaseInput.specForWorkload(input);
        Optional<JsonNode> workload = WorkloadSpreadCaseInput.workloadObject(input.path("workload"));
        int replicas = TargetReplicas.forInitialisation(spec, workload, WorkloadSpreadCaseInput.kindsFor(input.path("workload")));
        ObjectNode missing = JSON.createObjectNode();
        SubsetStatuses.initial(spec.subsets(), replicas).forEach(row -> missing.put(row.name(), row.missingReplicas()));
        ObjectNode actual = JSON.createObjectNode();
        actual.set("missingReplicas", missing);
        return CaseOutcome.passUnless(JsonDiff.describe(testCase.path("expected"), actual));
    }

    private static CaseOutcome podVersion(JsonNode testCase) {
        JsonNode input = testCase.path("input");
        List<String> enabled = new ArrayList<>();
        input.path("versionedStatusEnabledKinds").forEach(k -> enabled.add(k.asText()));
        Map<String, String> labels = new LinkedHashMap<>();
        input.path("labels").fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
        String version = PodVersions.versionOf(input.path("podKind").asText("Pod"), input.path("ownerKind").asText(null),
                labels, PodVersions.enabledKinds(input.has("versionedStatusEnabledKinds") ? enabled : PodVersions.DEFAULT_ENABLED_KINDS));
        ObjectNode actual = JSON.createObjectNode().put("version", version);
        return CaseOutcome.passUnless(JsonDiff.describe(testCase.path("expected"), actual));
    }

    private static CaseOutcome replicasPath(JsonNode testCase) {
        JsonNode input = testCase.path("input");
        JsonNode expected = testCase.path("expected");
        ReplicasPath.Read read;
        if (input.has("replicasPathList")) {
            List<String> paths = new ArrayList<>();
            input.path("replicasPathList").forEach(p -> paths.add(p.asText()));
            read = ReplicasPath.sum(input.path("object"), paths);
        } else {
            read = ReplicasPath.read(input.path("object"), input.path("path").asText());
        }
        if (read.replicas() != expected.path("replicas").asInt()) {
            return CaseOutcome.fail("replicas: expected " + expected.path("replicas") + ", got " + read.replicas());
        }
        JsonNode error = expected.get("error");
        boolean errorExpected = error != null && !error.isNull();
        if (!(read instanceof ReplicasPath.Failed failed)) {
            return errorExpected ? CaseOutcome.fail("expected error " + error + ", got none") : CaseOutcome.pass();
        }
        if (!errorExpected) {
            return CaseOutcome.fail("unexpected error: " + failed.error());
        }
        boolean sameError = "any".equals(error.asText()) || error.asText().equals(failed.error());
        return sameError ? CaseOutcome.pass() : CaseOutcome.fail("error: expected " + error + ", got \"" + failed.error() + "\"");
    }
}
