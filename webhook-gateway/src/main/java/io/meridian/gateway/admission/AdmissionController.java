package io.meridian.gateway.admission;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
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
    public ResponseEntity<String> admit(HttpServletRequest request, @RequestParam(name = "cluster", required = false) String cluster)
            throws IOException {
        return endpoints.admit(request.getRequestURI(), cluster, request.getInputStream());
    }
}
