package io.meridian.gateway.admission;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionRequest;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionResponse;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionReview;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * Turns an HTTP body into an admission request and the handler's answer into an AdmissionReview
 * response carrying the request's uid. Bad bodies get 400 with a one-line reason, never a 500.
 */
public final class AdmissionEndpoints {
    private final AdmissionReviewReader reader = new AdmissionReviewReader();
    private final ObjectMapper json = new ObjectMapper();
    private final Map<String, AdmissionHandler> handlers;

    public AdmissionEndpoints(List<AdmissionHandler> handlers) {
        this.handlers = handlers.stream().collect(Collectors.toUnmodifiableMap(AdmissionHandler::path, Function.identity()));
    }

    public ResponseEntity<String> admit(String path, InputStream body) {
        AdmissionHandler handler = handlers.get(path);
        if (handler == null) {
            return ResponseEntity.notFound().build();
        }
        AdmissionRequest request;
        try {
            request = reader.read(body);
        } catch (BadAdmissionReview e) {
            return ResponseEntity.badRequest().contentType(MediaType.TEXT_PLAIN).body(e.getMessage() + "\n");
        }
        AdmissionResponse response = handler.handle(request);
        response.setUid(request.getUid());
        AdmissionReview review = new AdmissionReview();
        review.setApiVersion("admission.k8s.io/v1");
        review.setKind("AdmissionReview");
        review.setResponse(response);
        try {
            return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsString(review));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write AdmissionReview", e);
        }
    }
}
