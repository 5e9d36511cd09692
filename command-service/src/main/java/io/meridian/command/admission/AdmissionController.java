package io.meridian.command.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.ws.KernelJson;
import io.meridian.command.ws.api.AdmissionOutcome;
import io.meridian.core.validation.ManifestValidator;
import io.meridian.core.validation.ValidationContext;
import io.meridian.core.validation.ValidationResult;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The admission API the gateway calls (plain HTTP inside the control plane). Bodies are read and
 * written with the service's Jackson 2 mapper, exactly as the contract in docs/design/pipeline.md shows.
 */
@RestController
public class AdmissionController {
    private static final Logger log = LoggerFactory.getLogger(AdmissionController.class);
    private static final Set<String> OPERATIONS = Set.of("CREATE", "DELETE", "EVICT");
    private static final Set<String> PLURALS = Set.of("workloadspreads", "uniteddeployments", "workloadrebalancers",
            "propagationpolicies", "clusters");

    private final AdmissionService admissions;
    private final ClusterState state;
    private final Timer createLatency;
    private final Timer deleteLatency;

    public AdmissionController(AdmissionService admissions, ClusterState state, MeterRegistry meters) {
        this.admissions = admissions;
        this.state = state;
        this.createLatency = latency(meters, "CREATE");
        this.deleteLatency = latency(meters, "DELETE");
    }

    private static Timer latency(MeterRegistry meters, String operation) {
        return Timer.builder("meridian.admission.latency").description("admission API answer time, decision committed")
                .tag("operation", operation).publishPercentileHistogram().register(meters);
    }

    /** The pod call, {@code POST /api/admission/pods}; served by {@link AdmissionServlet}. */
    public ResponseEntity<String> admit(@RequestBody byte[] body) {
        JsonNode json;
        try {
            json = KernelJson.JSON.readTree(body);
        } catch (Exception e) {
            return badRequest("not JSON: " + e.getMessage());
        }
        PodCall call = PodCall.of(json);
        if (call.error() != null) {
            return badRequest(call.error());
        }
        AdmissionOutcome outcome = timer(call.request()).record(() -> admissions.admit(call.request()));
        return ok(answer(outcome));
    }

    /**
     * One element of the batch call ({@link AdmissionBatchServlet}): the single call's contract, without waiting for
     * the decision, so that every element of a batch is submitted before any is waited for.
     */
    public CompletableFuture<PodAnswer> admitAsync(JsonNode element) {
        PodCall call = PodCall.of(element);
        if (call.error() != null) {
            log.info("bad admission request: {}", call.error());
            return CompletableFuture.completedFuture(PodAnswer.badRequest(call.error()));
        }
        Timer timer = timer(call.request());
        long started = System.nanoTime();
        return admissions.admitAsync(call.request()).handle((outcome, failure) -> {
            timer.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
            if (failure != null) {
                Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
                log.warn("admission failed: {}", cause.toString());
                return PodAnswer.failed(cause);
            }
            return PodAnswer.ok(answer(outcome));
        });
    }

    /** The status and body the single call would have answered for one pod. */
    public record PodAnswer(int status, ObjectNode body) {
        static PodAnswer ok(ObjectNode body) {
            return new PodAnswer(200, body);
        }

        static PodAnswer badRequest(String reason) {
            return new PodAnswer(400, JsonNodeFactory.instance.objectNode().put("error", reason));
        }

        static PodAnswer failed(Throwable cause) {
            String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
            return new PodAnswer(500, JsonNodeFactory.instance.objectNode().put("error", message));
        }
    }

    /** A pod call's body checked against the contract: the request, or the one-line reason it is not one. */
    private record PodCall(AdmissionService.Request request, String error) {
        static PodCall of(JsonNode json) {
            String operation = json.path("operation").asText("");
            if (!OPERATIONS.contains(operation)) {
                return new PodCall(null, "operation: must be CREATE, DELETE or EVICT");
            }
            if (!json.path("cluster").isTextual() || json.path("cluster").asText().isEmpty()) {
                return new PodCall(null, "cluster: required");
            }
            if (!json.path("pod").isObject()) {
                return new PodCall(null, "pod: required object");
            }
            List<JsonNode> liveOwners;
            try {
                liveOwners = LiveOwners.parse(json.get("liveOwners"));
            } catch (IllegalArgumentException e) {
                return new PodCall(null, e.getMessage());
            }
            return new PodCall(new AdmissionService.Request(json.path("cluster").asText(),
                    json.path("uid").asText(""), operation, json.path("dryRun").asBoolean(false),
                    json.path("namespace").asText(null), json.get("pod"), liveOwners,
                    json.path("liveOwnersIncomplete").asBoolean(false)), null);
        }
    }

    private Timer timer(AdmissionService.Request request) {
        return "CREATE".equals(request.operation()) ? createLatency : deleteLatency;
    }

    @PostMapping(path = "/api/validation/{plural}", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<String> validate(@PathVariable String plural, @RequestBody String body) {
        if (!PLURALS.contains(plural)) {
            return ResponseEntity.status(404).contentType(MediaType.APPLICATION_JSON)
                    .body(error("unknown resource " + plural));
        }
        JsonNode json;
        try {
            json = KernelJson.JSON.readTree(body);
        } catch (Exception e) {
            return badRequest("not JSON: " + e.getMessage());
        }
        JsonNode object = json.path("object");
        if (!object.isObject()) {
            return badRequest("object: required object");
        }
        ValidationContext context = ValidationContext.unknown();
        JsonNode old = json.path("oldObject");
        if (old.isObject()) {
            context = context.withOldObject(old);
        }
        if ("workloadspreads".equals(plural) && json.path("cluster").isTextual()) {
            String namespace = object.path("metadata").path("namespace").asText("");
            String name = object.path("metadata").path("name").asText("");
            List<JsonNode> others = state.spreads(json.path("cluster").asText(), namespace).stream()
                    .filter(s -> !name.equals(s.path("metadata").path("name").asText()))
                    .map(s -> (JsonNode) s).toList();
            context = context.withOtherWorkloadSpreads(others);
        }
        ValidationResult result = ManifestValidator.validate(object, context);
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        answer.put("allowed", result.isValid());
        ArrayNode errors = answer.putArray("errors");
        result.rendered().forEach(errors::add);
        return ok(answer);
    }

    static ObjectNode answer(AdmissionOutcome outcome) {
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        answer.put("allowed", outcome.allowed());
        if (outcome.patch() != null && AdmissionOutcome.PATCH.equals(outcome.verdict())) {
            answer.set("patch", outcome.patch());
        } else {
            answer.putNull("patch");
        }
        answer.put("decisionId", outcome.decisionId());
        answer.put("reason", outcome.reason());
        if (AdmissionOutcome.NEEDS_LIVE_OWNERS.equals(outcome.verdict())) {
            answer.put(LiveOwners.NEEDS_FIELD, true);
        }
        if (outcome.allowed()) {
            answer.putNull("denial");
        } else {
            answer.putObject("denial").put("code", outcome.denialCode() == null ? 403 : outcome.denialCode())
                    .put("message", outcome.reason());
        }
        return answer;
    }

    private static ResponseEntity<String> ok(JsonNode body) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body.toString());
    }

    private static ResponseEntity<String> badRequest(String reason) {
        log.info("bad admission request: {}", reason);
        return ResponseEntity.badRequest().contentType(MediaType.APPLICATION_JSON).body(error(reason));
    }

    private static String error(String reason) {
        return JsonNodeFactory.instance.objectNode().put("error", reason).toString();
    }
}
