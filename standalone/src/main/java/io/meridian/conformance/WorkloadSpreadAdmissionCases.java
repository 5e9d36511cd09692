package io.meridian.conformance;

import java.util.LinkedHashMap;
import java.util.Map;

/** Conformance cases: kruise.ws/webhookCreate kruise.ws/webhookDelete kruise.ws/initSubsetStatuses kruise.ws/podVersion kruise.ws/replicasPath. */
final class WorkloadSpreadAdmissionCases implements CaseFamily {
    @Override
    public Map<String, CaseHandler> handlers() {
        Map<String, CaseHandler> handlers = new LinkedHashMap<>();
        handlers.put("kruise.ws/webhookCreate", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("kruise.ws/webhookDelete", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("kruise.ws/initSubsetStatuses", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("kruise.ws/podVersion", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("kruise.ws/replicasPath", testCase -> CaseOutcome.fail("not implemented yet"));
        return handlers;
    }
}
