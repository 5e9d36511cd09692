package io.meridian.core.karmada.division;

import io.meridian.core.karmada.model.MemberCluster;
import io.meridian.core.karmada.model.Placement;
import io.meridian.core.karmada.model.ScheduleMode;
import io.meridian.core.karmada.model.TargetCluster;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything one schedule of a binding under one affinity term reads (§3).
 *
 * @param placement               the binding's placement
 * @param affinityName            the {@code clusterAffinities} term to schedule under (ignored without them)
 * @param clusters                the member clusters
 * @param allocatable             per cluster, the replicas that still fit (estimators' minimum); a cluster without an
 *                                entry is assumed to fit {@code replicas}
 * @param scores                  per cluster, the sum of the score plugins (absent: 0)
 * @param replicas                {@code spec.replicas}
 * @param previous                the binding's current {@code spec.clusters}
 * @param mode                    FRESH when a reschedule is required (§2.6)
 * @param uid                     the workload's UID
 * @param propagateEmptyWorkloads append selected clusters that got no replicas with 0 (step 7)
 */
public record ScheduleRequest(Placement placement, String affinityName, List<MemberCluster> clusters,
                              Map<String, Long> allocatable, Map<String, Long> scores, int replicas,
                              List<TargetCluster> previous, ScheduleMode mode, String uid,
                              boolean propagateEmptyWorkloads) {
    public ScheduleRequest {
        affinityName = affinityName == null ? "" : affinityName;
        clusters = List.copyOf(clusters);
        allocatable = allocatable == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(allocatable));
        scores = scores == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(scores));
        previous = previous == null ? List.of() : List.copyOf(previous);
        mode = mode == null ? ScheduleMode.STEADY : mode;
        uid = uid == null ? "" : uid;
    }
}
