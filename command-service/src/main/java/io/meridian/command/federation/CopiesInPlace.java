package io.meridian.command.federation;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Whether a binding's copies hold its assignment: the end of a reschedule's wait. */
final class CopiesInPlace {
    private CopiesInPlace() {
    }

    /**
     * Every cluster's copy holds its assigned replicas (none where nothing is assigned), all of them ready with
     * {@code readyToo}.
     */
    static boolean match(Map<String, Integer> assignment, Map<String, BindingSource.CopyState> copies, boolean readyToo) {
        Set<String> clusters = new TreeSet<>(assignment.keySet());
        clusters.addAll(copies.keySet());
        for (String cluster : clusters) {
            int wanted = assignment.getOrDefault(cluster, 0);
            BindingSource.CopyState copy = copies.get(cluster);
            int replicas = copy == null ? 0 : copy.replicas();
            int ready = copy == null ? 0 : copy.readyReplicas();
            if (replicas != wanted || readyToo && ready < wanted) {
                return false;
            }
        }
        return true;
    }
}
