package io.meridian.core.ud.alloc;

import io.meridian.core.ud.model.Subset;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fixed and percentage replicas; subsets without a (parsable) value share the rest (§2.4.2). The remainder
 * goes to the subsets that currently hold the most replicas, which keeps moves to a minimum.
 */
public final class SpecificAllocator implements Allocator {
    private static final int UNSET = -1;

    @Override
    public Allocation allocate(AllocationRequest request) {
        int total = request.replicasOr(UNSET);
        Map<String, Integer> specified = specifiedReplicas(total, request.subsets());
        String error = specified.isEmpty() ? null : validate(total, specified, request.subsets().size());
        if (error != null) {
            return Allocation.rejected(error);
        }
        Map<String, Integer> shares = shareTheRest(total, specified, ordered(request));
        Map<String, Integer> next = new LinkedHashMap<>();
        for (Subset subset : request.subsets()) {
            next.put(subset.name(), specified.getOrDefault(subset.name(), shares.get(subset.name())));
        }
        return Allocation.of(next);
    }

    /** Subsets whose value fails to parse count as unspecified. */
    private static Map<String, Integer> specifiedReplicas(int total, List<Subset> subsets) {
        Map<String, Integer> specified = new LinkedHashMap<>();
        for (Subset subset : subsets) {
            if (subset.replicas() != null) {
                ParsedReplicas parsed = ReplicaParser.parse(total, subset.replicas());
                if (parsed.isValid()) {
                    specified.put(subset.name(), parsed.value());
                }
            }
        }
        return specified;
    }

    private static String validate(int total, Map<String, Integer> specified, int subsetCount) {
        long sum = sum(specified);
        boolean allSpecified = specified.size() == subsetCount;
        if (total == UNSET) {
            return allSpecified ? null : "all subsets must be specified when UnitedDeployment replica is unspecified";
        }
        if (sum > total) {
            return "specified subsets' replica (" + sum + ") is greater than UnitedDeployment replica (" + total + ")";
        }
        if (sum < total && allSpecified) {
            return "specified subsets' replica (" + sum + ") is less than UnitedDeployment replica (" + total + ")";
        }
        return null;
    }

    /** By current workload replicas ascending (a missing workload counts as 0), then by name. */
    private static List<String> ordered(AllocationRequest request) {
        return request.subsets().stream()
                .map(subset -> new Ranked(subset.name(),
                        request.existing(subset.name()).map(ExistingSubset::specReplicas).orElse(0)))
                .sorted(Comparator.comparingInt(Ranked::currentReplicas).thenComparing(Ranked::name))
                .map(Ranked::name)
                .toList();
    }

    /** A subset with its current replicas looked up once, not on every comparison. */
    private record Ranked(String name, int currentReplicas) {
    }

    /** Walks the ordered subsets from the largest; the first {@code rem} unspecified ones get one more. */
    private static Map<String, Integer> shareTheRest(int total, Map<String, Integer> specified, List<String> ordered) {
        Map<String, Integer> shares = new LinkedHashMap<>();
        long unspecified = ordered.size() - specified.size();
        if (unspecified == 0) {
            return shares;
        }
        long rest = total - sum(specified);
        long average = rest / unspecified;
        long remainder = rest - average * unspecified;
        long given = 0;
        for (int i = ordered.size() - 1; i >= 0; i--) {
            String name = ordered.get(i);
            if (!specified.containsKey(name)) {
                shares.put(name, (int) (given < remainder ? average + 1 : average));
                given++;
            }
        }
        return shares;
    }

    private static long sum(Map<String, Integer> values) {
        return values.values().stream().mapToLong(Integer::longValue).sum();
    }
}
