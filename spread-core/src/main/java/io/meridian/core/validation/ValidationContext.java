package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * What validation needs beyond the manifest. Anything empty is "not known", and the checks that
 * need it are skipped.
 *
 * @param otherWorkloadSpreads the other WorkloadSpreads in the same namespace (targetRef conflicts)
 * @param oldObject            the stored object, on update (immutable fields, target change)
 * @param whitelist            the custom-workload whitelist of WorkloadSpread targets
 * @param targetWorkload       the WorkloadSpread target, when it exists (subset patch check)
 * @param workloadSpreadGate   the WorkloadSpread feature gate
 */
public record ValidationContext(Optional<List<JsonNode>> otherWorkloadSpreads, Optional<JsonNode> oldObject,
                                Optional<List<WhitelistEntry>> whitelist, Optional<TargetWorkload> targetWorkload,
                                FeatureGate workloadSpreadGate) {

    public ValidationContext {
        otherWorkloadSpreads = otherWorkloadSpreads.map(List::copyOf);
        whitelist = whitelist.map(List::copyOf);
    }

    public static ValidationContext unknown() {
        return new ValidationContext(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                FeatureGate.UNKNOWN);
    }

    public ValidationContext withOtherWorkloadSpreads(List<JsonNode> others) {
        return new ValidationContext(Optional.of(others), oldObject, whitelist, targetWorkload, workloadSpreadGate);
    }

    public ValidationContext withOldObject(JsonNode old) {
        return new ValidationContext(otherWorkloadSpreads, Optional.of(old), whitelist, targetWorkload, workloadSpreadGate);
    }

    public ValidationContext withWhitelist(List<WhitelistEntry> entries) {
        return new ValidationContext(otherWorkloadSpreads, oldObject, Optional.of(entries), targetWorkload,
                workloadSpreadGate);
    }

    public ValidationContext withTargetWorkload(TargetWorkload target) {
        return new ValidationContext(otherWorkloadSpreads, oldObject, whitelist, Optional.of(target), workloadSpreadGate);
    }

    public ValidationContext withWorkloadSpreadGate(FeatureGate gate) {
        return new ValidationContext(otherWorkloadSpreads, oldObject, whitelist, targetWorkload, gate);
    }
}
