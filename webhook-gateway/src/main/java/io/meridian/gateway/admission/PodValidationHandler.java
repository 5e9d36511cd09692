package io.meridian.gateway.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionRequest;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionResponse;
import io.meridian.gateway.command.CommandAnswer;
import io.meridian.gateway.command.CommandServiceClient;
import io.meridian.gateway.observability.AdmissionMetrics;

/**
 * {@code /validate-pods}: pod DELETE and CREATE of the {@code pods/eviction} subresource are bookkeeping for
 * the owning aggregate (the WorkloadSpread's deletingPods); they are always allowed unless the
 * command-service explicitly denies. No usable answer: allowed (fail open). For an eviction the pod is read
 * from its cluster ({@link PodLookup}), as the review carries only the Eviction.
 */
public final class PodValidationHandler extends CommandBackedHandler {
    static final String PATH = "/validate-pods";

    private final PodLookup pods;

    public PodValidationHandler(CommandServiceClient commands, AdmissionMetrics metrics, PodLookup pods) {
        super(PATH, commands, metrics);
        this.pods = pods;
    }

    @Override
    public AdmissionResponse handle(AdmissionRequest request, String cluster) {
        String subResource = request.getSubResource() == null ? "" : request.getSubResource();
        String operation;
        JsonNode pod;
        if ("DELETE".equals(request.getOperation()) && subResource.isEmpty()) {
            operation = "DELETE";
            pod = request.getOldObject() == null ? minimalPod(request) : json.valueToTree(request.getOldObject());
        } else if ("CREATE".equals(request.getOperation()) && "eviction".equals(subResource)) {
            operation = "EVICT";
            // the apiserver sends the Eviction, not the pod: read it, else name and namespace identify it
            pod = pods.find(cluster, request.getNamespace(), request.getName()).orElseGet(() -> minimalPod(request));
        } else {
            return AdmissionResponses.allow();
        }
        ObjectNode body = json.createObjectNode()
                .put("cluster", cluster)
                .put("uid", request.getUid())
                .put("operation", operation)
                .put("dryRun", Boolean.TRUE.equals(request.getDryRun()) || evictionIsDryRun(request))
                .put("namespace", request.getNamespace());
        body.set("pod", pod);
        CommandAnswer answer = commands.post("api/admission/pods", body);
        if (answer instanceof CommandAnswer.Answered answered) {
            return PodMutationHandler.PodAnswers.toResponse(answered.body(), false);
        }
        CommandAnswer.Unavailable unavailable = (CommandAnswer.Unavailable) answer;
        failedOpen(unavailable, "allowed pod " + operation);
        return AdmissionResponses.allow();
    }

    private ObjectNode minimalPod(AdmissionRequest request) {
        ObjectNode pod = json.createObjectNode().put("apiVersion", "v1").put("kind", "Pod");
        pod.putObject("metadata").put("name", request.getName()).put("namespace", request.getNamespace());
        return pod;
    }

    private boolean evictionIsDryRun(AdmissionRequest request) {
        if (request.getObject() == null) {
            return false;
        }
        JsonNode dryRun = json.valueToTree(request.getObject()).path("deleteOptions").path("dryRun");
        return dryRun.isArray() && !dryRun.isEmpty();
    }
}
