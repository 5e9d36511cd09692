package io.meridian.conformance;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Every case family the runner knows. */
final class CaseFamilies {
    private CaseFamilies() {
    }

    static Map<String, CaseHandler> all() {
        Map<String, CaseHandler> handlers = new HashMap<>();
        for (CaseFamily family : List.of(
                new WorkloadSpreadAdmissionCases(),
                new WorkloadSpreadControllerCases(),
                new UnitedDeploymentCases(),
                new DivisionCases(),
                new RebalancerCases())) {
            family.handlers().forEach((kind, handler) -> {
                if (handlers.putIfAbsent(kind, handler) != null) {
                    throw new IllegalStateException("two handlers for case kind " + kind);
                }
            });
        }
        return handlers;
    }
}
