package io.meridian.core.ws.controller;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.meridian.core.k8s.LabelSelectors;
import io.meridian.core.k8s.Pods;
import io.meridian.core.patch.StrategicMergePatch;
import io.meridian.core.ws.PodVersions;
import io.meridian.core.ws.ReplicasPath;
import io.meridian.core.ws.WorkloadReplicas;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.TargetFilter;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One controller sync of a WorkloadSpread (§1.6) as a pure function of what was observed.
 * Pods are handled in name order, so the decision does not depend on the order they were listed in.
 */
public final class WorkloadSpreadSync {
    private final SubsetMatcher matcher;

    /** @param patcher applies a subset patch to a pod, to tell whether an old pod already carries it */
    public WorkloadSpreadSync(StrategicMergePatch patcher) {
        this.matcher = new SubsetMatcher(patcher);
    }

    public SyncOutcome sync(SyncInput input) {
        WorkloadSpread spread = input.spread();
        ReplicasPath.Read replicas = replicasOf(spread, input);
        if (replicas instanceof ReplicasPath.Failed failed) {
            return new SyncFailure("cannot read the replicas of the target: " + failed.error());
        }
        PodPlacement.Placement placement = placeAll(input, replicas.replicas());
        List<PlacedPod> placed = placement.pods();
        SyncJournal journal = new SyncJournal();
        List<DeletionCostPatch> costs = PodDeletionCosts.patches(spread, input.workload().latestVersion(), replicas.replicas(), placed);
        SubsetStatusCalculator calculator = new SubsetStatusCalculator(spread.spec().subsets(), replicas.replicas(),
                AdaptiveRescheduling.of(spread.spec().scheduleStrategy()), input.now());
        SubsetStatusCalculator.Rows overall = calculator.compute(bySubset(placed), spread.status().subsetStatuses(), journal);
        WorkloadSpreadStatus status = new WorkloadSpreadStatus(spread.generation(), overall.rows(),
                versionedRows(calculator, placed, spread.status(), journal));
        List<String> toDelete = overall.scheduleFailedPods().stream().map(Pods::name).toList();
        return new SyncDecision(status, !status.equals(spread.status()), placement.adoptions(), costs, toDelete,
                journal.events(), journal.shortestPending());
    }

    /** Every collected pod placed into a subset (versions one by one), in name order; adoptions in version order. */
    private PodPlacement.Placement placeAll(SyncInput input, int replicas) {
        List<PlacedPod> placed = new ArrayList<>();
        List<AdoptionPatch> adoptions = new ArrayList<>();
        PodPlacement placement = new PodPlacement(input.spread(), nodesByName(input.nodes()), replicas, matcher);
        collectedPodsByVersion(input).forEach((version, pods) -> {
            PodPlacement.Placement p = placement.place(version, pods);
            placed.addAll(p.pods());
            adoptions.addAll(p.adoptions());
        });
        placed.sort(Comparator.comparing(p -> Pods.name(p.pod())));
        return new PodPlacement.Placement(placed, adoptions);
    }

    /** Pods by version (versions sorted), each list in name order. */
    private static Map<String, List<Pod>> collectedPodsByVersion(SyncInput input) {
        WorkloadSpread spread = input.spread();
        if (!PodCollection.collectsPods(spread.spec().targetRef(), input.workload())) {
            return Map.of();
        }
        Set<String> enabledKinds = PodVersions.enabledKinds(input.versionedStatusKinds());
        TargetFilter filter = spread.spec().targetFilter();
        return input.pods().stream()
                .filter(pod -> filter == null || filter.selector() == null || LabelSelectors.matches(filter.selector(), Pods.labels(pod)))
                .sorted(Comparator.comparing(Pods::name))
                .collect(Collectors.groupingBy(pod -> versionOf(pod, enabledKinds), TreeMap::new, Collectors.toList()));
    }

    static String versionOf(Pod pod, Set<String> enabledKinds) {
        return PodVersions.versionOf(pod.getKind() == null ? "Pod" : pod.getKind(),
                Pods.controllerKind(pod).orElse(null), Pods.labels(pod), enabledKinds);
    }

    private static Map<String, List<Pod>> bySubset(List<PlacedPod> pods) {
        return pods.stream().filter(p -> !p.inFakeSubset()).collect(Collectors.groupingBy(PlacedPod::subset,
                LinkedHashMap::new, Collectors.mapping(PlacedPod::pod, Collectors.toList())));
    }

    /**
     * One row list per version that has pods; an old version without pods survives only while its
     * rows still track something (replicas, creating or deleting records).
     */
    private static Map<String, List<SubsetStatus>> versionedRows(SubsetStatusCalculator calculator, List<PlacedPod> placed,
                                                                 WorkloadSpreadStatus old, SyncJournal journal) {
        Map<String, List<PlacedPod>> byVersion = placed.stream()
                .collect(Collectors.groupingBy(PlacedPod::version, TreeMap::new, Collectors.toList()));
        Map<String, List<SubsetStatus>> rows = new TreeMap<>();
        byVersion.forEach((version, pods) -> rows.put(version, calculator.compute(bySubset(pods),
                old.versionedSubsetStatuses().getOrDefault(version, List.of()), journal).rows()));
        old.versionedSubsetStatuses().forEach((version, oldRows) -> {
            if (!byVersion.containsKey(version)) {
                SubsetStatusCalculator.Rows kept = calculator.compute(Map.of(), oldRows, journal);
                if (kept.pendingWork() > 0) {
                    rows.put(version, kept.rows());
                }
            }
        });
        return rows;
    }

    private static Map<String, Node> nodesByName(List<Node> nodes) {
        return nodes.stream().filter(n -> n.getMetadata() != null && n.getMetadata().getName() != null)
                .collect(Collectors.toMap(n -> n.getMetadata().getName(), Function.identity(), (a, b) -> a, TreeMap::new));
    }

    /** A missing workload has 0 replicas; otherwise filter paths, whitelist path, then its own count. */
    private static ReplicasPath.Read replicasOf(WorkloadSpread spread, SyncInput input) {
        if (!input.workload().exists()) {
            return new ReplicasPath.Found(0);
        }
        return WorkloadReplicas.resolve(spread.spec().targetFilter(), input.workload().object(),
                input.whitelist().map(WhitelistEntry::replicasPath), input.workload().specReplicas());
    }
}
