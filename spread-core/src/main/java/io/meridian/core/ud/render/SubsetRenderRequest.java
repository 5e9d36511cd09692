package io.meridian.core.ud.render;

import java.util.OptionalInt;

/**
 * What varies per subset workload: the allocated replicas, the partition, the UD revision and, while a
 * reserving subset is unschedulable, the maxUnavailable to set (§2.6).
 */
public record SubsetRenderRequest(int replicas, int partition, String revision, OptionalInt maxUnavailable) {

    public static SubsetRenderRequest of(int replicas, int partition, String revision) {
        return new SubsetRenderRequest(replicas, partition, revision, OptionalInt.empty());
    }

    public SubsetRenderRequest withMaxUnavailable(int value) {
        return new SubsetRenderRequest(replicas, partition, revision, OptionalInt.of(value));
    }
}
