package io.meridian.conformance;

import java.util.LinkedHashMap;
import java.util.Map;

/** Conformance cases: kruise.ud/allocation kruise.ud/reservedPodStatus. */
final class UnitedDeploymentCases implements CaseFamily {
    @Override
    public Map<String, CaseHandler> handlers() {
        Map<String, CaseHandler> handlers = new LinkedHashMap<>();
        handlers.put("kruise.ud/allocation", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("kruise.ud/reservedPodStatus", testCase -> CaseOutcome.fail("not implemented yet"));
        return handlers;
    }
}
