package io.meridian.gateway.command;

import com.fasterxml.jackson.databind.JsonNode;

/** Sends one pod call (a body of {@code POST api/admission/pods}) and answers what the command-service said. Never throws. */
@FunctionalInterface
public interface PodCalls {
    String PATH = "api/admission/pods";

    CommandAnswer post(JsonNode body);

    /** Every pod call on its own HTTP call. */
    static PodCalls oneByOne(CommandServiceClient commands) {
        return body -> commands.post(PATH, body);
    }
}
