package io.meridian.gateway.admission;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/** The HTTPS admission webhooks: {@code POST /mutate-*} and {@code POST /validate-*}. */
@RestController
public class AdmissionController {
    private final AdmissionEndpoints endpoints;

    public AdmissionController(List<AdmissionHandler> handlers) {
        this.endpoints = new AdmissionEndpoints(handlers);
    }

    @PostMapping({"/mutate-*", "/validate-*"})
    public ResponseEntity<String> admit(HttpServletRequest request) throws IOException {
        return endpoints.admit(request.getRequestURI(), request.getInputStream());
    }
}
