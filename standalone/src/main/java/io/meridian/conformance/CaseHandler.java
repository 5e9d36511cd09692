package io.meridian.conformance;

import com.fasterxml.jackson.databind.JsonNode;

/** Runs one conformance case (the whole case object: name, input, expected, ...) through the kernel. */
@FunctionalInterface
public interface CaseHandler {
    CaseOutcome run(JsonNode testCase) throws Exception;
}
