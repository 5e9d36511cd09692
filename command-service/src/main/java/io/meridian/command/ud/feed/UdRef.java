package io.meridian.command.ud.feed;

import io.meridian.command.ud.api.UnitedDeploymentApi;
import java.util.Optional;

/** The parts of a UnitedDeployment aggregate id ({@code ud:cluster/namespace/name}). */
record UdRef(String cluster, String namespace, String name) {
    private static final String PREFIX = "ud:";

    static Optional<UdRef> parse(String aggregateId) {
        if (aggregateId == null || !aggregateId.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String[] parts = aggregateId.substring(PREFIX.length()).split("/", 3);
        return parts.length == 3 ? Optional.of(new UdRef(parts[0], parts[1], parts[2])) : Optional.empty();
    }

    String id() {
        return UnitedDeploymentApi.aggregateId(cluster, namespace, name);
    }
}
