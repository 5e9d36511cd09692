package io.meridian.core.karmada.estimator;

import java.util.List;
import java.util.Map;

/**
 * Karmada's general estimator, per zone: how many more pods with these requests a member can take. In each zone the
 * smallest over the requested resources of free ÷ request (a resource the zone lacks fits none), capped by the
 * zone's free pod slots; the member's figure is the sum over its zones (a pod never spans zones). Without requests,
 * or for a zone that reports no resources, the free pod slots alone.
 */
public final class AvailableReplicas {
    private AvailableReplicas() {
    }

    public static long estimate(List<ZoneResources> zones, Map<String, Long> requests) {
        long total = 0;
        for (ZoneResources zone : zones) {
            total = saturatedAdd(total, inZone(zone, requests));
        }
        return total;
    }

    static long inZone(ZoneResources zone, Map<String, Long> requests) {
        long fits = zone.freePods();
        if (!zone.reportsResources()) {
            return fits;
        }
        for (Map.Entry<String, Long> request : requests.entrySet()) {
            if (request.getValue() > 0) {
                fits = Math.min(fits, zone.free(request.getKey()) / request.getValue());
            }
        }
        return fits;
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }
}
