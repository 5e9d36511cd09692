package io.meridian.command.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.meridian.command.ws.KernelJson;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;

/**
 * Serves {@link #PATH}: the pod calls that waited together at a gateway, as one JSON array of the single call's
 * bodies ({@link AdmissionServlet}). Every element is submitted before any is waited for, so they meet in the
 * spread's batch; the answer, once all are decided, is an array in the same order of
 * {@code {"status": <the single call's HTTP status>, "body": <its JSON body>}}. A bad element gets its own 400
 * and the others are decided as usual; only a body that is not a JSON array is refused as a whole.
 */
public final class AdmissionBatchServlet extends HttpServlet {
    public static final String PATH = "/api/admission/pods/batch";

    private final transient AdmissionController controller;

    public AdmissionBatchServlet(AdmissionController controller) {
        this.controller = controller;
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (AdmissionServlet.refusedUnlessJson(request, response)) {
            return;
        }
        JsonNode body;
        try {
            body = KernelJson.JSON.readTree(request.getInputStream());
        } catch (IOException e) {
            write(response, HttpServletResponse.SC_BAD_REQUEST, error("not JSON: " + e.getMessage()));
            return;
        }
        if (body == null || !body.isArray()) {
            write(response, HttpServletResponse.SC_BAD_REQUEST, error("body: must be a JSON array of pod calls"));
            return;
        }
        List<CompletableFuture<AdmissionController.PodAnswer>> answers = new ArrayList<>(body.size());
        for (JsonNode element : body) {
            answers.add(controller.admitAsync(element));
        }
        ArrayNode out = JsonNodeFactory.instance.arrayNode(answers.size());
        for (CompletableFuture<AdmissionController.PodAnswer> answer : answers) {
            AdmissionController.PodAnswer decided = answer.join();
            out.addObject().put("status", decided.status()).set("body", decided.body());
        }
        write(response, HttpServletResponse.SC_OK, out);
    }

    private static JsonNode error(String reason) {
        return JsonNodeFactory.instance.objectNode().put("error", reason);
    }

    private static void write(HttpServletResponse response, int status, JsonNode body) throws IOException {
        byte[] bytes = KernelJson.JSON.writeValueAsBytes(body);
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}
