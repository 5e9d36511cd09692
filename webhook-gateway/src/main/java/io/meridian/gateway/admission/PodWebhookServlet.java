package io.meridian.gateway.admission;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.http.ResponseEntity;

/**
 * Serves the pod mutation webhook ({@code POST /mutate-pods}, {@code /mutate-pods/<member>}), the call every
 * pod creation makes, as a plain servlet in front of {@link AdmissionController}: Spring MVC's dispatch
 * (handler mapping, argument resolution, message converters) was about a third of the gateway's CPU per
 * admission. The other webhooks stay with Spring MVC.
 */
public final class PodWebhookServlet extends HttpServlet {
    static final String[] PATHS = {"/mutate-pods", "/mutate-pods/*"};

    private final transient AdmissionController controller;

    public PodWebhookServlet(AdmissionController controller) {
        this.controller = controller;
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        ResponseEntity<String> answer = controller.admit(request);
        response.setStatus(answer.getStatusCode().value());
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        if (answer.getHeaders().getContentType() != null) {
            response.setContentType(answer.getHeaders().getContentType().toString());
        }
        byte[] body = answer.getBody() == null ? new byte[0] : answer.getBody().getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
