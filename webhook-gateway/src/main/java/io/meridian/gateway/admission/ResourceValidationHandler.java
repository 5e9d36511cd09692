package io.meridian.gateway.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionRequest;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionResponse;
import io.meridian.gateway.command.CommandAnswer;
import io.meridian.gateway.command.CommandServiceClient;
import io.meridian.gateway.observability.AdmissionMetrics;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code /validate-<plural>} for our CRs: CREATE and UPDATE are checked by the kernel's validator in the
 * command-service. Invalid objects are denied with HTTP 200, {@code allowed: false} and the field errors
 * joined as Kubernetes joins them; OpenKruise kinds answer 422 (as its {@code admission.Errored}), Karmada
 * kinds 403 (as its {@code admission.Denied}). No usable answer: allowed with a warning (Ignore semantics).
 */
public final class ResourceValidationHandler extends CommandBackedHandler {
    private final String plural;
    private final int denialCode;

    public ResourceValidationHandler(String plural, int denialCode, CommandServiceClient commands, AdmissionMetrics metrics) {
        super("/validate-" + plural, commands, metrics);
        this.plural = plural;
        this.denialCode = denialCode;
    }

    /**
     * The validated kinds: WorkloadSpread, UnitedDeployment (Kruise), WorkloadRebalancer, (Cluster)PropagationPolicy,
     * and Cluster (Karmada) with our MemberCluster on the same path, answered as Karmada's Cluster is.
     */
    public static List<ResourceValidationHandler> all(CommandServiceClient commands, AdmissionMetrics metrics) {
        return List.of(new ResourceValidationHandler("workloadspreads", 422, commands, metrics),
                new ResourceValidationHandler("uniteddeployments", 422, commands, metrics),
                new ResourceValidationHandler("workloadrebalancers", 403, commands, metrics),
                new ResourceValidationHandler("propagationpolicies", 403, commands, metrics),
                new ResourceValidationHandler("clusters", 403, commands, metrics));
    }

    @Override
    public AdmissionResponse handle(AdmissionRequest request, String cluster) {
        String operation = request.getOperation();
        if (!"CREATE".equals(operation) && !"UPDATE".equals(operation)) {
            return AdmissionResponses.allow();
        }
        ObjectNode body = json.createObjectNode().put("cluster", cluster).put("operation", operation);
        body.set("object", json.valueToTree(request.getObject()));
        body.set("oldObject", request.getOldObject() == null ? json.nullNode() : json.valueToTree(request.getOldObject()));
        CommandAnswer answer = commands.post("api/validation/" + plural, body);
        if (answer instanceof CommandAnswer.Unavailable unavailable) {
            failedOpen(unavailable, "allowed " + operation);
            return AdmissionResponses.allowWithWarning("meridian: " + plural + " not validated (command-service "
                    + unavailable.cause().tag() + ")");
        }
        JsonNode answered = ((CommandAnswer.Answered) answer).body();
        List<String> errors = new ArrayList<>();
        answered.path("errors").forEach(e -> errors.add(e.asText()));
        boolean allowed = answered.path("allowed").isBoolean() ? answered.path("allowed").booleanValue() : errors.isEmpty();
        if (allowed) {
            AdmissionResponse response = AdmissionResponses.allow();
            List<String> warnings = new ArrayList<>();
            answered.path("warnings").forEach(w -> warnings.add(w.asText()));
            if (!warnings.isEmpty()) {
                response.setWarnings(warnings);
            }
            return response;
        }
        if (errors.isEmpty()) {
            errors.add(answered.path("reason").asText("denied"));
        }
        return AdmissionResponses.deny(denialCode, AdmissionResponses.aggregate(errors));
    }
}
