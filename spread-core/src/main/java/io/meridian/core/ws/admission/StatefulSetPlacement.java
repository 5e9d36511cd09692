package io.meridian.core.ws.admission;

import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * StatefulSet targets (§1.3 step 4): the pod's ordinal against the running sum of the schedulable
 * subsets' maxReplicas. No status is written.
 */
final class StatefulSetPlacement {
    private static final Pattern ORDINAL = Pattern.compile("(.*)-([0-9]+)$");

    private StatefulSetPlacement() {
    }

    static int ordinalOf(String podName) {
        Matcher matcher = ORDINAL.matcher(podName);
        if (!matcher.matches()) {
            return -1;
        }
        try {
            return Integer.parseInt(matcher.group(2));
        } catch (NumberFormatException tooLarge) {
            return -1;
        }
    }

    static Placement place(WorkloadSpread spread, String podName, int workloadReplicas) {
        int ordinal = ordinalOf(podName);
        long threshold = 0;
        List<String> skipped = new ArrayList<>();
        for (WorkloadSpreadSubset subset : spread.spec().subsets()) {
            if (!isSchedulable(spread, subset.name())) {
                skipped.add(subset.name() + " unschedulable");
                continue;
            }
            int max = SubsetStatuses.maxReplicas(subset, workloadReplicas);
            threshold += max == SubsetStatuses.UNLIMITED ? Integer.MAX_VALUE : max;
            if (ordinal < threshold) {
                String reason = SubsetChoice.explain(skipped,
                        "ordinal " + ordinal + " below " + threshold + "; chose " + subset.name());
                return new Placement.Chosen(subset, "", StatusChange.unchanged(), reason);
            }
        }
        return new Placement.NoSubset(SubsetChoice.explain(skipped, "ordinal " + ordinal + " beyond every subset"));
    }

    private static boolean isSchedulable(WorkloadSpread spread, String subset) {
        for (SubsetStatus row : spread.status().subsetStatuses()) {
            if (row.name().equals(subset)) {
                return SubsetConditions.isSchedulable(row);
            }
        }
        return true;
    }
}
