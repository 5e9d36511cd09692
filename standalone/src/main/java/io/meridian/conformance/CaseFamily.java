package io.meridian.conformance;

import java.util.Map;

/** A set of case kinds and the handler of each. Kinds are qualified: {@code kruise.ws/webhookCreate}. */
public interface CaseFamily {
    Map<String, CaseHandler> handlers();
}
