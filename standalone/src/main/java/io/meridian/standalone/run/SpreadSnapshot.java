package io.meridian.standalone.run;

import io.meridian.standalone.scenario.Counts;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The pods of a WorkloadSpread's target workload that are not terminating, per subset (from the pod
 * annotation {@code apps.kruise.io/matched-workloadspread}), in the spread's subset order. Pods of the
 * workload without a subset of this spread are counted under {@link #NO_SUBSET}.
 */
public record SpreadSnapshot(String cluster, String namespace, String name, boolean found,
                             Map<String, SubsetPods> subsets) {
    public static final String NO_SUBSET = "(no subset)";

    /** Running (and ready), pending (not bound to a node), creating (bound, not yet running and ready). */
    public record SubsetPods(int running, int pending, int creating, Map<Long, Integer> deletionCosts) {
        public int total() {
            return running + pending + creating;
        }

        /** {@code 100 x80, -100 x20}, highest cost first; empty when no pod has one. */
        public String costs() {
            StringBuilder out = new StringBuilder();
            new TreeMap<>(deletionCosts).descendingMap().forEach((cost, count) -> {
                if (out.length() > 0) {
                    out.append(", ");
                }
                out.append(cost).append(" x").append(count);
            });
            return out.toString();
        }
    }

    public static SpreadSnapshot missing(String cluster, String namespace, String name) {
        return new SpreadSnapshot(cluster, namespace, name, false, Map.of());
    }

    /** Every subset of the spread and every subset seen, with the count of pods (the no-subset entry only when non-zero). */
    public Map<String, Integer> counts() {
        Map<String, Integer> out = new LinkedHashMap<>();
        subsets.forEach((subset, pods) -> {
            if (!NO_SUBSET.equals(subset) || pods.total() > 0) {
                out.put(subset, pods.total());
            }
        });
        return out;
    }

    /** Whether the counts are exactly {@code expected}, a subset not listed there having 0. */
    public boolean matches(Map<String, Integer> expected) {
        if (!found) {
            return false;
        }
        Map<String, Integer> seen = counts();
        for (Map.Entry<String, Integer> e : expected.entrySet()) {
            if (seen.getOrDefault(e.getKey(), 0).intValue() != e.getValue()) {
                return false;
            }
        }
        return seen.entrySet().stream().allMatch(e -> expected.containsKey(e.getKey()) || e.getValue() == 0);
    }

    /** What was seen, the expected subsets first: {@code {ack: 100, eci: 12}}. */
    public String describe(Map<String, Integer> expected) {
        if (!found) {
            return "no WorkloadSpread " + namespace + "/" + name + " in " + cluster;
        }
        Map<String, Integer> seen = counts();
        Map<String, Integer> out = new LinkedHashMap<>();
        expected.keySet().forEach(k -> out.put(k, seen.getOrDefault(k, 0)));
        seen.forEach((k, v) -> {
            if (!out.containsKey(k) && v > 0) {
                out.put(k, v);
            }
        });
        return Counts.format(out);
    }
}
