package io.meridian.core.karmada.estimator;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * One zone of a member as its agent reported it: free pod slots, and per resource what its Ready, schedulable
 * nodes can allocate and what the active pods on its nodes request ({@link ResourceAmounts} units). A zone with
 * no allocatable resources (an agent that reports pod slots only) is estimated by pod slots alone.
 */
public record ZoneResources(String zone, long freePods, Map<String, Long> allocatable, Map<String, Long> requested) {
    public ZoneResources {
        zone = zone == null ? "" : zone;
        freePods = Math.max(0, freePods);
        allocatable = allocatable == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(allocatable));
        requested = requested == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(requested));
    }

    public static ZoneResources podSlotsOnly(String zone, long freePods) {
        return new ZoneResources(zone, freePods, Map.of(), Map.of());
    }

    public boolean reportsResources() {
        return !allocatable.isEmpty();
    }

    /** Allocatable minus requested, never below zero; zero for a resource the zone does not have. */
    public long free(String resource) {
        return Math.max(0, allocatable.getOrDefault(resource, 0L) - requested.getOrDefault(resource, 0L));
    }
}
