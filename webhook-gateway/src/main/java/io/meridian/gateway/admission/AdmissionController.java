package io.meridian.gateway.admission;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The HTTPS admission webhooks: {@code POST /mutate-*} and {@code POST /validate-*}. Each member cluster's
 * webhook configuration names itself with {@code ?cluster=<member>} (the pipeline contract), or with a last
 * path segment, {@code /mutate-pods/<member>}: the apiserver rejects a webhook {@code url} with a query
 * string, and Kubernetes documents the path as the place for a cluster identifier.
 */
@RestController
public class AdmissionController {
    private final AdmissionEndpoints endpoints;

    public AdmissionController(AdmissionEndpoints endpoints) {
        this.endpoints = endpoints;
    }

    @PostMapping({"/mutate-*", "/validate-*", "/mutate-*/*", "/validate-*/*"})
    public ResponseEntity<String> admit(HttpServletRequest request) throws IOException {
        String uri = request.getRequestURI();
        int slash = uri.indexOf('/', 1);
        String webhook = slash < 0 ? uri : uri.substring(0, slash);
        String inPath = slash < 0 ? null : URLDecoder.decode(uri.substring(slash + 1), StandardCharsets.UTF_8);
        String inQuery = cluster(request.getQueryString());
        if (inPath != null && inQuery != null && !inPath.equals(inQuery)) {
            return ResponseEntity.badRequest().contentType(MediaType.TEXT_PLAIN)
                    .body("cluster: the path names " + inPath + " and the query " + inQuery + "\n");
        }
        return endpoints.admit(webhook, inPath != null ? inPath : inQuery, request.getInputStream(),
                request.getContentLength());
    }

    /**
     * {@code cluster} from the query string alone: asking the servlet for parameters would read a form-encoded
     * body, which must stay for the AdmissionReview reader (and its one-line 400).
     */
    static String cluster(String query) {
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            int equals = pair.indexOf('=');
            String name = equals < 0 ? pair : pair.substring(0, equals);
            if ("cluster".equals(name)) {
                return equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }
}
