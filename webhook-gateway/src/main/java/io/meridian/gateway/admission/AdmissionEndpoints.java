package io.meridian.gateway.admission;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionRequest;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionResponse;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionReview;
import io.meridian.gateway.observability.AdmissionMetrics;
import java.io.InputStream;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * Turns an HTTP body into an admission request and the handler's answer into an AdmissionReview
 * response carrying the request's uid. Bad bodies get 400 with a one-line reason, never a 500.
 */
public final class AdmissionEndpoints {
    private static final Logger log = LoggerFactory.getLogger(AdmissionEndpoints.class);
    /** A member cluster's name: a DNS-1123 subdomain. */
    private static final Pattern CLUSTER_NAME = Pattern.compile("[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?");

    private final AdmissionReviewReader reader = new AdmissionReviewReader();
    private final ObjectMapper json = new ObjectMapper();
    private final Map<String, AdmissionHandler> handlers;
    private final String defaultCluster;
    private final AdmissionMetrics metrics;
    private final Clock clock;

    public AdmissionEndpoints(List<AdmissionHandler> handlers, String defaultCluster, AdmissionMetrics metrics, Clock clock) {
        this.handlers = handlers.stream().collect(Collectors.toUnmodifiableMap(AdmissionHandler::path, Function.identity()));
        this.defaultCluster = defaultCluster;
        this.metrics = metrics;
        this.clock = clock;
    }

    /**
     * Answers one review sent to {@code path}; {@code cluster} is the {@code ?cluster=} query parameter or null;
     * {@code length} the body's Content-Length, or -1 when unknown.
     */
    public ResponseEntity<String> admit(String path, String cluster, InputStream body, int length) {
        AdmissionHandler handler = handlers.get(path);
        if (handler == null) {
            return ResponseEntity.notFound().build();
        }
        long started = clock.millis();
        String member = cluster == null || cluster.isEmpty() ? defaultCluster : cluster;
        AdmissionRequest request;
        try {
            if (!CLUSTER_NAME.matcher(member).matches()) {
                throw new BadAdmissionReview("cluster: not a valid cluster name");
            }
            request = reader.read(body, length);
        } catch (BadAdmissionReview e) {
            metrics.badRequest(path);
            return ResponseEntity.badRequest().contentType(MediaType.TEXT_PLAIN).body(e.getMessage() + "\n");
        }
        try (MDC.MDCCloseable c = MDC.putCloseable("cluster", member);
             MDC.MDCCloseable o = MDC.putCloseable("object", objectOf(request));
             MDC.MDCCloseable u = MDC.putCloseable("admissionUid", request.getUid())) {
            AdmissionResponse response = answer(handler, request, member);
            response.setUid(request.getUid());
            String decisionId = response.getAuditAnnotations() == null ? null
                    : response.getAuditAnnotations().get(AdmissionResponses.DECISION_ANNOTATION);
            try (MDC.MDCCloseable d = MDC.putCloseable("decisionId", decisionId)) {
                log.debug("{} {} answered: allowed={}", path, request.getOperation(), response.getAllowed());
            }
            AdmissionReview review = new AdmissionReview();
            review.setApiVersion("admission.k8s.io/v1");
            review.setKind("AdmissionReview");
            review.setResponse(response);
            String text = json.writeValueAsString(review);
            metrics.recordLatency(path, request.getOperation(), !Boolean.TRUE.equals(response.getAllowed()),
                    Duration.ofMillis(clock.millis() - started));
            return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write AdmissionReview", e);
        }
    }

    /** A handler that throws would make a 500; the gateway admits instead (fail open) and says why in the log. */
    private AdmissionResponse answer(AdmissionHandler handler, AdmissionRequest request, String cluster) {
        try {
            return handler.handle(request, cluster);
        } catch (RuntimeException e) {
            log.error("{} failed; admitting unchanged", handler.path(), e);
            metrics.failedOpen(handler.path(), "handler_error");
            return AdmissionResponses.allow();
        }
    }

    private static String objectOf(AdmissionRequest request) {
        String kind = request.getKind() == null ? "" : request.getKind().getKind();
        String name = request.getName() == null ? "" : request.getName();
        String namespace = request.getNamespace() == null ? "" : request.getNamespace();
        return kind + " " + namespace + "/" + name;
    }
}
