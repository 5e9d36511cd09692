package io.meridian.conformance;

import java.util.LinkedHashMap;
import java.util.Map;

/** Conformance cases: karmada.rebalancer/reconcile karmada.rebalancer/updateStatus karmada.rebalancer/rescheduleRequired karmada.rebalancer/schedulerTrigger karmada.rebalancer/replicasChanged. */
final class RebalancerCases implements CaseFamily {
    @Override
    public Map<String, CaseHandler> handlers() {
        Map<String, CaseHandler> handlers = new LinkedHashMap<>();
        handlers.put("karmada.rebalancer/reconcile", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("karmada.rebalancer/updateStatus", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("karmada.rebalancer/rescheduleRequired", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("karmada.rebalancer/schedulerTrigger", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("karmada.rebalancer/replicasChanged", testCase -> CaseOutcome.fail("not implemented yet"));
        return handlers;
    }
}
