package io.meridian.gateway.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionRequest;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionResponse;
import io.meridian.gateway.command.CommandAnswer;
import io.meridian.gateway.command.CommandServiceClient;
import io.meridian.gateway.command.PodCalls;
import io.meridian.gateway.live.LiveOwnerAdmission;
import io.meridian.gateway.observability.AdmissionMetrics;
import java.util.HashMap;

/**
 * {@code /mutate-pods}: a pod CREATE is decided by the owning aggregate in the command-service; its JSON
 * patch goes back base64-encoded. No usable answer in time: the pod is admitted unchanged (fail open).
 */
public final class PodMutationHandler extends CommandBackedHandler {
    static final String PATH = "/mutate-pods";

    private final LiveOwnerAdmission liveOwners;
    private final PodCalls creates;

    public PodMutationHandler(CommandServiceClient commands, AdmissionMetrics metrics) {
        this(commands, metrics, LiveOwnerAdmission.none());
    }

    /** @param liveOwners sends the pod's owners read live when the command-service needs them */
    public PodMutationHandler(CommandServiceClient commands, AdmissionMetrics metrics, LiveOwnerAdmission liveOwners) {
        this(commands, metrics, liveOwners, PodCalls.oneByOne(commands));
    }

    /** @param creates how the CREATE calls travel to the command-service (one by one, or coalesced) */
    public PodMutationHandler(CommandServiceClient commands, AdmissionMetrics metrics, LiveOwnerAdmission liveOwners,
                              PodCalls creates) {
        super(PATH, commands, metrics);
        this.liveOwners = liveOwners;
        this.creates = creates;
    }

    @Override
    public AdmissionResponse handle(AdmissionRequest request, String cluster) {
        if (!"CREATE".equals(request.getOperation()) || request.getSubResource() != null && !request.getSubResource().isEmpty()) {
            return AdmissionResponses.allow();
        }
        ObjectNode body = json.createObjectNode()
                .put("cluster", cluster)
                .put("uid", request.getUid())
                .put("operation", "CREATE")
                .put("dryRun", Boolean.TRUE.equals(request.getDryRun()))
                .put("namespace", request.getNamespace());
        body.set("pod", RawObjectsRequest.objectTree(request, json));
        CommandAnswer answer = liveOwners.post(creates, body);
        if (answer instanceof CommandAnswer.Answered answered) {
            return PodAnswers.toResponse(answered.body(), true);
        }
        CommandAnswer.Unavailable unavailable = (CommandAnswer.Unavailable) answer;
        failedOpen(unavailable, "admitted pod unchanged");
        return AdmissionResponses.allowWithWarning("meridian: admitted without a placement decision (command-service "
                + unavailable.cause().tag() + ")");
    }

    /** Turns the admission API's answer into an AdmissionResponse. */
    static final class PodAnswers {
        private PodAnswers() {
        }

        static AdmissionResponse toResponse(JsonNode answer, boolean patchAllowed) {
            JsonNode denial = answer.path("denial");
            AdmissionResponse response;
            if (denial.isObject()) {
                response = AdmissionResponses.deny(denial.path("code").asInt(403),
                        denial.path("message").asText(answer.path("reason").asText("denied")));
            } else if (answer.path("allowed").isBoolean() && !answer.path("allowed").booleanValue()) {
                response = AdmissionResponses.deny(403, answer.path("reason").asText("denied"));
            } else if (patchAllowed && answer.path("patch").isArray() && !answer.path("patch").isEmpty()) {
                response = AdmissionResponses.patch(answer.path("patch").toString());
            } else {
                response = AdmissionResponses.allow();
            }
            String decisionId = answer.path("decisionId").asText("");
            if (!decisionId.isEmpty()) {
                response.setAuditAnnotations(new HashMap<>());
                response.getAuditAnnotations().put(AdmissionResponses.DECISION_ANNOTATION, decisionId);
            }
            return response;
        }
    }
}
