package io.meridian.core.karmada.model;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** A member cluster as the candidate filter sees it: name, labels, location fields, deletion in progress. */
public record MemberCluster(String name, Map<String, String> labels, String provider, String region, String zone,
                            boolean deleting) {
    public static final String PROVIDER = "provider";
    public static final String REGION = "region";
    public static final String ZONE = "zone";

    public MemberCluster {
        labels = labels == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(labels));
        provider = provider == null ? "" : provider;
        region = region == null ? "" : region;
        zone = zone == null ? "" : zone;
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
