package io.meridian.gateway.command;

import com.fasterxml.jackson.databind.JsonNode;

/** What the command-service said about an admission request, or why it said nothing usable in time. */
public sealed interface CommandAnswer {

    /** A 200 answer whose body is a JSON object. */
    record Answered(JsonNode body) implements CommandAnswer {
    }

    /** No usable answer: the gateway fails open. {@code cause} is a metric tag, {@code detail} one line. */
    record Unavailable(Cause cause, String detail) implements CommandAnswer {
    }

    enum Cause {
        TIMEOUT("timeout"), UNREACHABLE("unreachable"), BAD_ANSWER("bad_answer");

        private final String tag;

        Cause(String tag) {
            this.tag = tag;
        }

        public String tag() {
            return tag;
        }
    }
}
