package io.meridian.conformance;

import java.util.LinkedHashMap;
import java.util.Map;

/** Conformance cases: karmada.division/webster karmada.division/dispenser karmada.division/spreadByTargetClusters karmada.division/divideByAvailable karmada.division/staticWeight karmada.division/duplicated karmada.division/dynamic karmada.division/assignReplicas karmada.division/mergeTargetClusters karmada.division/attachZeroReplicas. */
final class DivisionCases implements CaseFamily {
    @Override
    public Map<String, CaseHandler> handlers() {
        Map<String, CaseHandler> handlers = new LinkedHashMap<>();
        handlers.put("karmada.division/webster", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("karmada.division/dispenser", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("karmada.division/spreadByTargetClusters", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("karmada.division/divideByAvailable", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("karmada.division/staticWeight", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("karmada.division/duplicated", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("karmada.division/dynamic", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("karmada.division/assignReplicas", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("karmada.division/mergeTargetClusters", testCase -> CaseOutcome.fail("not implemented yet"));
        handlers.put("karmada.division/attachZeroReplicas", testCase -> CaseOutcome.fail("not implemented yet"));
        return handlers;
    }
}
