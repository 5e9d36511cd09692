package io.meridian.bench.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * An AdmissionReview v1 of a pod CREATE as a kube-apiserver sends it, made once from a pod and then filled
 * with each request's uid, pod name and dry-run flag by plain text replacement (cheap for the load generator).
 */
final class ReviewTemplate {
    private static final String UID = "@@UID@@";
    private static final String NAME = "@@NAME@@";
    private static final String DRY_RUN = "\"@@DRY@@\"";
    private final String text;

    ReviewTemplate(String podJson) {
        ObjectMapper json = new ObjectMapper();
        try {
            ObjectNode pod = (ObjectNode) json.readTree(podJson);
            ((ObjectNode) pod.path("metadata")).put("name", NAME);
            String namespace = pod.path("metadata").path("namespace").asText("default");
            ObjectNode review = json.createObjectNode().put("apiVersion", "admission.k8s.io/v1").put("kind", "AdmissionReview");
            ObjectNode request = review.putObject("request").put("uid", UID);
            request.putObject("kind").put("group", "").put("version", "v1").put("kind", "Pod");
            request.putObject("resource").put("group", "").put("version", "v1").put("resource", "pods");
            request.putObject("requestKind").put("group", "").put("version", "v1").put("kind", "Pod");
            request.putObject("requestResource").put("group", "").put("version", "v1").put("resource", "pods");
            request.put("name", NAME).put("namespace", namespace).put("operation", "CREATE");
            request.putObject("userInfo").put("username", "system:serviceaccount:kube-system:replicaset-controller")
                    .put("uid", "bench-controller").putArray("groups").add("system:serviceaccounts").add("system:authenticated");
            request.set("object", pod);
            request.putNull("oldObject");
            request.put("dryRun", "@@DRY@@");
            request.putObject("options").put("apiVersion", "meta.k8s.io/v1").put("kind", "CreateOptions");
            this.text = review.toString();
        } catch (IOException e) {
            throw new UncheckedIOException("the pod template is not JSON", e);
        }
    }

    String body(String uid, String podName, boolean dryRun) {
        return text.replace(UID, uid).replace(NAME, podName).replace(DRY_RUN, Boolean.toString(dryRun));
    }

}
