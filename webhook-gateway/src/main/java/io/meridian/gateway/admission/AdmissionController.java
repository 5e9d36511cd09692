package io.meridian.gateway.admission;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The HTTPS admission webhooks: {@code POST /mutate-*} and {@code POST /validate-*}. Each member cluster's
 * webhook configuration names itself with {@code ?cluster=<member>}.
 */
@RestController
public class AdmissionController {
    private final AdmissionEndpoints endpoints;

    public AdmissionController(AdmissionEndpoints endpoints) {
        this.endpoints = endpoints;
    }

    @PostMapping({"/mutate-*", "/validate-*"})
    public ResponseEntity<String> admit(HttpServletRequest request) throws IOException {
        return endpoints.admit(request.getRequestURI(), cluster(request.getQueryString()), request.getInputStream());
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
