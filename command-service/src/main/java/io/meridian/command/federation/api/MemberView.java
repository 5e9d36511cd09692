package io.meridian.command.federation.api;

import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A member cluster as one binding decision saw it: whether it is Ready (and since when), whether it is
 * the host, its free pod slots (null when it never reported capacity), and the labels, provider, region and zones
 * of its Karmada {@code Cluster} (or Meridian {@code MemberCluster}) object in the host (none when it has no such
 * object).
 */
public record MemberView(String name, boolean ready, Instant readySince, boolean host, Long freePods,
                         Map<String, String> labels, String provider, String region, List<String> zones) {
    public MemberView {
        labels = labels == null || labels.isEmpty() ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(labels));
        provider = provider == null ? "" : provider;
        region = region == null ? "" : region;
        zones = zones == null ? List.of() : List.copyOf(zones);
    }

    /** A member without a Cluster object: no labels, no provider, region or zone. */
    public MemberView(String name, boolean ready, Instant readySince, boolean host, Long freePods) {
        this(name, ready, readySince, host, freePods, Map.of(), "", "", List.of());
    }

    /** The same member with the labels and fields of its Cluster object. */
    public MemberView withClusterFields(Map<String, String> newLabels, String newProvider, String newRegion,
                                        List<String> newZones) {
        return new MemberView(name, ready, readySince, host, freePods, newLabels, newProvider, newRegion, newZones);
    }
}
