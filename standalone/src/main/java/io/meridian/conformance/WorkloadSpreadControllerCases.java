package io.meridian.conformance;

import java.util.LinkedHashMap;
import java.util.Map;

/** Conformance cases: kruise.ws/reconcileStatus kruise.ws/deletionCost kruise.ws/requeue kruise.ws/reschedule kruise.ws/matchSubset. */
final class WorkloadSpreadControllerCases implements CaseFamily {
    @Override
    public Map<String, CaseHandler> handlers() {
        Map<String, CaseHandler> handlers = new LinkedHashMap<>();
        handlers.put("kruise.ws/reconcileStatus", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("kruise.ws/deletionCost", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("kruise.ws/requeue", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("kruise.ws/reschedule", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("kruise.ws/matchSubset", testCase -> CaseOutcome.fail("not implemented yet"));
        return handlers;
    }
}
