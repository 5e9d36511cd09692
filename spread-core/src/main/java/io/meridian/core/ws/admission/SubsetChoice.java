package io.meridian.core.ws.admission;

import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The suitable subset (§1.3 step 5.4) with Meridian's minReplicas first: the first subset, in spec
 * order, that is schedulable, below its minReplicas and still has room under maxReplicas (the maximum
 * stays a hard bound); otherwise the first schedulable row with room, in row order.
 */
final class SubsetChoice {
    /** The chosen row and why. */
    record Chosen(SubsetStatus row, WorkloadSpreadSubset subset, String reason) {
    }

    private final List<WorkloadSpreadSubset> specSubsets;
    private final Map<String, WorkloadSpreadSubset> subsetsByName;
    private final Map<String, Integer> maxReplicasByName;
    private final SubsetLoad load;

    /** {@code maxReplicasByName}: the scaled spec maxima, only to explain a full subset. */
    SubsetChoice(List<WorkloadSpreadSubset> specSubsets, Map<String, WorkloadSpreadSubset> subsetsByName,
                 Map<String, Integer> maxReplicasByName, SubsetLoad load) {
        this.specSubsets = specSubsets;
        this.subsetsByName = subsetsByName;
        this.maxReplicasByName = maxReplicasByName;
        this.load = load;
    }

    /** Empty with the explanation in {@code skipped} when no row fits. */
    Optional<Chosen> choose(List<SubsetStatus> rows, List<String> skipped) {
        Optional<Chosen> belowMinimum = firstBelowMinimum(rows);
        if (belowMinimum.isPresent()) {
            return belowMinimum;
        }
        for (SubsetStatus row : rows) {
            WorkloadSpreadSubset subset = subsetsByName.get(row.name());
            if (subset == null) {
                continue;
            }
            if (!SubsetConditions.isSchedulable(row)) {
                skipped.add(row.name() + " unschedulable");
            } else if (!SubsetConditions.hasRoom(row)) {
                skipped.add(row.name() + " full" + fullness(row));
            } else {
                return Optional.of(new Chosen(row, subset, explain(skipped, "chose " + row.name() + room(row))));
            }
        }
        return Optional.empty();
    }

    private Optional<Chosen> firstBelowMinimum(List<SubsetStatus> rows) {
        for (WorkloadSpreadSubset subset : specSubsets) {
            int minimum = subset.minReplicas() == null ? 0 : subset.minReplicas();
            SubsetStatus row = minimum <= 0 ? null : rowNamed(rows, subset.name());
            if (row == null || !SubsetConditions.isSchedulable(row) || !SubsetConditions.hasRoom(row)) {
                continue;
            }
            int current = load.activeAndCreating(row.name());
            if (current < minimum) {
                String reason = row.name() + " below minReplicas (" + current + "/" + minimum + "); chose "
                        + row.name() + room(row);
                return Optional.of(new Chosen(row, subset, reason));
            }
        }
        return Optional.empty();
    }

    private static SubsetStatus rowNamed(List<SubsetStatus> rows, String name) {
        for (SubsetStatus row : rows) {
            if (row.name().equals(name)) {
                return row;
            }
        }
        return null;
    }

    private String fullness(SubsetStatus row) {
        Integer max = maxReplicasByName.get(row.name());
        if (max == null || max < 0) {
            return " (0 free)";
        }
        return " (" + (max - Math.max(row.missingReplicas(), 0)) + "/" + max + ")";
    }

    private static String room(SubsetStatus row) {
        return row.missingReplicas() == SubsetStatuses.UNLIMITED ? " (unlimited)" : " (" + row.missingReplicas() + " free)";
    }

    static String explain(List<String> skipped, String outcome) {
        List<String> parts = new ArrayList<>(skipped);
        parts.add(outcome);
        return String.join("; ", parts);
    }
}
