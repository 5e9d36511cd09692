package io.meridian.core.karmada.model;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A member cluster as the candidate filter sees it: name, labels, location fields, deletion in progress.
 * {@code zones} are all its zones (Karmada's {@code spec.zones}); {@code zone} is its zone when it has exactly one,
 * else empty.
 */
public record MemberCluster(String name, Map<String, String> labels, String provider, String region, String zone,
                            boolean deleting, List<String> zones) {
    public static final String PROVIDER = "provider";
    public static final String REGION = "region";
    public static final String ZONE = "zone";

    public MemberCluster {
        labels = labels == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(labels));
        provider = provider == null ? "" : provider;
        region = region == null ? "" : region;
        zone = zone == null ? "" : zone;
        zones = zones == null ? (zone.isEmpty() ? List.of() : List.of(zone)) : List.copyOf(zones);
    }

    /** A cluster in at most one zone. */
    public MemberCluster(String name, Map<String, String> labels, String provider, String region, String zone,
                         boolean deleting) {
        this(name, labels, provider, region, zone, deleting, null);
    }

    /** A cluster in the given zones (its {@code zone} is the only one, or empty when there are several). */
    public static MemberCluster inZones(String name, Map<String, String> labels, String provider, String region,
                                        List<String> zones) {
        List<String> all = zones == null ? List.of() : zones.stream().filter(z -> z != null && !z.isEmpty()).toList();
        return new MemberCluster(name, labels, provider, region, all.size() == 1 ? all.get(0) : "", false, all);
    }

    public static MemberCluster named(String name) {
        return new MemberCluster(name, Map.of(), "", "", "", false);
    }

    /** The value of a field-selector key ({@code provider}, {@code region}, {@code zone}); empty for other keys. */
    public Optional<String> field(String key) {
        return switch (key) {
            case PROVIDER -> Optional.of(provider);
            case REGION -> Optional.of(region);
            case ZONE -> Optional.of(zone);
            default -> Optional.empty();
        };
    }
}
