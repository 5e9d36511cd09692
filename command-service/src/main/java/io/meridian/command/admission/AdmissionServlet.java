package io.meridian.command.admission;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * Serves {@link #PATH}, the one call every admitted pod makes, as a plain servlet in front of
 * {@link AdmissionController#admit(byte[])}: Spring MVC's dispatch (handler mapping, content negotiation,
 * argument resolution, message converters) was as much CPU per admission as the decision itself. Same
 * contract: POST with a JSON body, answered with JSON.
 */
public final class AdmissionServlet extends HttpServlet {
    public static final String PATH = "/api/admission/pods";

    private final transient AdmissionController controller;

    public AdmissionServlet(AdmissionController controller) {
        this.controller = controller;
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (refusedUnlessJson(request, response)) {
            return;
        }
        ResponseEntity<String> answer = controller.admit(request.getInputStream().readAllBytes());
        response.setStatus(answer.getStatusCode().value());
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        byte[] body = answer.getBody() == null ? new byte[0] : answer.getBody().getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /** Answers 415 to a body that is not declared JSON; true when it did. */
    static boolean refusedUnlessJson(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String contentType = request.getContentType();
        if (contentType == null || !MediaType.APPLICATION_JSON.isCompatibleWith(MediaType.parseMediaType(contentType))) {
            response.sendError(HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE, "Content-Type must be application/json");
            return true;
        }
        return false;
    }
}
