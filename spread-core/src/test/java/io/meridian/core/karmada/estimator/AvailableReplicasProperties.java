package io.meridian.core.karmada.estimator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;

class AvailableReplicasProperties {

    @Property
    void neverMoreThanTheFreePodSlots(@ForAll("zones") List<ZoneResources> zones, @ForAll("requests") Map<String, Long> requests) {
        long slots = zones.stream().mapToLong(ZoneResources::freePods).sum();
        assertThat(AvailableReplicas.estimate(zones, requests)).isBetween(0L, slots);
    }

    @Property
    void biggerRequestsNeverFitMorePods(@ForAll("zones") List<ZoneResources> zones,
                                        @ForAll("requests") Map<String, Long> requests,
                                        @ForAll @LongRange(min = 1, max = 8) long factor) {
        Map<String, Long> bigger = Map.of("cpu", requests.get("cpu") * factor, "memory", requests.get("memory"));
        assertThat(AvailableReplicas.estimate(zones, bigger)).isLessThanOrEqualTo(AvailableReplicas.estimate(zones, requests));
    }

    @Property
    void everyZoneIsFilledToItsScarcestResourceOrItsPodSlots(@ForAll("zones") List<ZoneResources> zones,
                                           @ForAll("requests") Map<String, Long> requests) {
        for (ZoneResources zone : zones) {
            long fits = AvailableReplicas.inZone(zone, requests);
            requests.forEach((resource, request) -> assertThat(fits * request).isLessThanOrEqualTo(zone.free(resource)));
            boolean oneMoreDoesNotFit = fits == zone.freePods() || requests.entrySet().stream()
                    .anyMatch(r -> (fits + 1) * r.getValue() > zone.free(r.getKey()));
            assertThat(oneMoreDoesNotFit).isTrue();
        }
    }

    @Provide
    Arbitrary<List<ZoneResources>> zones() {
        Arbitrary<Long> pods = Arbitraries.longs().between(0, 200);
        Arbitrary<Long> cpu = Arbitraries.longs().between(0, 64_000);
        Arbitrary<Long> memory = Arbitraries.longs().between(0, 256L << 30);
        return Combinators.combine(pods, cpu, cpu, memory, memory).as((p, ca, cr, ma, mr) ->
                new ZoneResources("z", p, Map.of("cpu", ca, "memory", ma), Map.of("cpu", cr, "memory", mr)))
                .list().ofMaxSize(4);
    }

    @Provide
    Arbitrary<Map<String, Long>> requests() {
        return Combinators.combine(Arbitraries.longs().between(1, 8_000), Arbitraries.longs().between(1, 16L << 30))
                .as((cpu, memory) -> Map.of("cpu", cpu, "memory", memory));
    }
}
