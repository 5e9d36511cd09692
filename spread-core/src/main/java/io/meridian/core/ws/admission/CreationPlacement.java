package io.meridian.core.ws.admission;

import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** §1.3 steps 3 to 5: the subset of a new pod and the reservation that goes with it. */
final class CreationPlacement {
    private CreationPlacement() {
    }

    static Placement place(WorkloadSpread spread, PodFacts pod, PodCreationRequest request) {
        if (TargetWorkload.isSingleUnlimitedSubset(spread)) {
            WorkloadSpreadSubset only = spread.spec().subsets().get(0);
            return new Placement.Chosen(only, "", StatusChange.unchanged(), "single unlimited subset; chose " + only.name());
        }
        if (TargetWorkload.isStatefulSet(spread)) {
            int replicas = TargetWorkload.replicasForPercentages(spread, pod.namespace(), request.cluster(),
                    request.settings().kinds());
            return StatefulSetPlacement.place(spread, pod.name(), replicas);
        }
        return placeWithReservation(spread, pod, request);
    }

    private static Placement placeWithReservation(WorkloadSpread spread, PodFacts pod, PodCreationRequest request) {
        VersionedRows versioned = VersionedRows.of(spread, pod, request.cluster(), request.settings());
        Map<String, WorkloadSpreadSubset> subsets = subsetsByName(spread);
        if (pod.hasName()) {
            Optional<SubsetStatus> recorded = versioned.rowRecording(pod.name());
            if (recorded.isPresent()) {
                return alreadyRecorded(recorded.get(), subsets);
            }
        }
        SubsetLoad load = new SubsetLoad(spread, versioned.version(), versioned.rows(),
                request.activePods().get(spread.name()));
        SubsetChoice choice = new SubsetChoice(spread.spec().subsets(), subsets, maxima(spread, versioned.workloadReplicas()), load);
        List<String> skipped = new ArrayList<>();
        Optional<SubsetChoice.Chosen> chosen = choice.choose(versioned.rows(), skipped);
        if (chosen.isEmpty()) {
            return new Placement.NoSubset(SubsetChoice.explain(skipped, "no suitable subset"));
        }
        return reserve(spread, pod, request, versioned, chosen.get());
    }

    private static Placement reserve(WorkloadSpread spread, PodFacts pod, PodCreationRequest request,
                                     VersionedRows versioned, SubsetChoice.Chosen chosen) {
        if (chosen.row().missingReplicas() == SubsetStatuses.UNLIMITED) {
            return new Placement.Chosen(chosen.subset(), "", StatusChange.unchanged(), chosen.reason());
        }
        String key = pod.hasName() ? pod.name() : request.generatedId();
        String uid = pod.hasName() ? "" : request.generatedId();
        StatusChange change = StatusChange.record(spread.name(), versioned.version(), versioned.rows(),
                chosen.row().name(), PodRecord.creating(key, request.now()));
        return new Placement.Chosen(chosen.subset(), uid, change, chosen.reason());
    }

    private static Placement alreadyRecorded(SubsetStatus row, Map<String, WorkloadSpreadSubset> subsets) {
        WorkloadSpreadSubset subset = subsets.get(row.name());
        if (subset == null) {
            return new Placement.NoSubset("pod already recorded in " + row.name() + ", which the spec no longer has");
        }
        return new Placement.Chosen(subset, "", StatusChange.unchanged(), "pod already recorded in " + row.name());
    }

    private static Map<String, WorkloadSpreadSubset> subsetsByName(WorkloadSpread spread) {
        Map<String, WorkloadSpreadSubset> byName = new HashMap<>();
        spread.spec().subsets().forEach(s -> byName.putIfAbsent(s.name(), s));
        return byName;
    }

    private static Map<String, Integer> maxima(WorkloadSpread spread, int workloadReplicas) {
        Map<String, Integer> maxima = new HashMap<>();
        spread.spec().subsets().forEach(s -> maxima.putIfAbsent(s.name(), SubsetStatuses.maxReplicas(s, workloadReplicas)));
        return maxima;
    }
}
