package io.meridian.core.karmada.estimator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AvailableReplicasTest {
    private static final long GI = 1L << 30;

    private static ZoneResources zone(long freePods, long cpuFree, long memoryFree) {
        return new ZoneResources("z", freePods, Map.of("cpu", cpuFree + 1000, "memory", memoryFree + GI),
                Map.of("cpu", 1000L, "memory", GI));
    }

    @Test
    void withoutRequestsTheFreePodSlotsAreTheAnswer() {
        assertThat(AvailableReplicas.estimate(List.of(zone(7, 100_000, 100 * GI), zone(3, 0, 0)), Map.of()))
                .isEqualTo(10);
    }

    @Test
    void theScarcestRequestedResourceBounds() {
        assertThat(AvailableReplicas.estimate(List.of(zone(100, 10_000, 3 * GI)), Map.of("cpu", 2000L, "memory", GI)))
                .isEqualTo(3);
        assertThat(AvailableReplicas.estimate(List.of(zone(100, 5_000, 30 * GI)), Map.of("cpu", 2000L, "memory", GI)))
                .isEqualTo(2);
    }

    @Test
    void freePodSlotsCapTheResourceRoom() {
        assertThat(AvailableReplicas.estimate(List.of(zone(1, 10_000, 30 * GI)), Map.of("cpu", 100L))).isEqualTo(1);
    }

    @Test
    void eachZoneIsEstimatedOnItsOwnSoLeftoversDoNotAddUp() {
        assertThat(AvailableReplicas.estimate(List.of(zone(10, 1_500, GI), zone(10, 1_500, GI)), Map.of("cpu", 2000L)))
                .isZero();
    }

    @Test
    void aResourceTheZoneLacksFitsNoPod() {
        assertThat(AvailableReplicas.estimate(List.of(zone(10, 10_000, GI)), Map.of("nvidia.com/gpu", 1L))).isZero();
    }

    @Test
    void aZoneReportingOnlyPodSlotsIsEstimatedByThem() {
        assertThat(AvailableReplicas.estimate(List.of(ZoneResources.podSlotsOnly("a", 4)), Map.of("cpu", 2000L)))
                .isEqualTo(4);
    }

    @Test
    void overcommittedResourcesCountAsNoRoom() {
        ZoneResources over = new ZoneResources("z", 10, Map.of("cpu", 1000L), Map.of("cpu", 3000L));
        assertThat(AvailableReplicas.estimate(List.of(over), Map.of("cpu", 100L))).isZero();
    }
}
