package io.meridian.core.ud.plan;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.meridian.core.ud.adaptive.PodSnapshot;
import io.meridian.core.ud.model.UdLabels;
import io.meridian.core.ud.model.UnitedDeployment;
import io.meridian.core.ud.model.WorkloadKind;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A UD with two subsets and a CloneSet template, and helpers to observe its workloads. */
final class PlannerFixtures {
    static final Instant NOW = Instant.parse("2024-06-01T12:00:00Z");
    static final String REVISION = "rev-2";

    private PlannerFixtures() {
    }

    static UnitedDeployment ud(String apiVersion, int replicas, String extraTopology, String extraSpec) {
        String manifest = """
                {"apiVersion": "%s", "kind": "UnitedDeployment",
                 "metadata": {"name": "web", "namespace": "prod", "uid": "uid-1", "generation": 7},
                 "spec": {"replicas": %d, "selector": {"matchLabels": {"app": "web"}},
                   "template": {"cloneSetTemplate": {"metadata": {"labels": {"app": "web"}},
                                                    "spec": {"template": {"spec": {"containers": []}}}}},
                   "topology": {"subsets": [{"name": "a", "cluster": "member-1"}, {"name": "b"}]%s}%s}}
                """.formatted(apiVersion, replicas, extraTopology, extraSpec);
        try {
            return new ObjectMapper().readValue(manifest, UnitedDeployment.class);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static UnitedDeployment ud(int replicas) {
        return ud("apps.kruise.io/v1beta1", replicas, "", "");
    }

    static ObservedWorkload cloneSet(String name, String subset, int replicas, int ready) {
        return workload(name, WorkloadKind.CLONE_SET, subset, replicas, ready, REVISION);
    }

    static ObservedWorkload workload(String name, WorkloadKind kind, String subset, int replicas, int ready,
                                     String revision) {
        Map<String, String> labels = subset == null ? Map.of(UdLabels.REVISION, revision)
                : Map.of(UdLabels.SUBSET_NAME, subset, UdLabels.REVISION, revision);
        return new ObservedWorkload(name, "a".equals(subset) ? "member-1" : null, kind, labels, Map.of(), replicas, 0, replicas, ready, replicas,
                ready, Optional.empty());
    }

    /** The same workload, observed in {@code cluster}. */
    static ObservedWorkload in(String cluster, ObservedWorkload w) {
        return new ObservedWorkload(w.name(), cluster, w.kind(), w.labels(), w.annotations(), w.specReplicas(),
                w.partition(), w.statusReplicas(), w.readyReplicas(), w.updatedReplicas(), w.updatedReadyReplicas(),
                w.failureMessage());
    }

    static ReconcileInput input(UnitedDeployment ud, List<ObservedWorkload> workloads) {
        return input(ud, workloads, Map.of());
    }

    static ReconcileInput input(UnitedDeployment ud, List<ObservedWorkload> workloads,
                                Map<String, List<PodSnapshot>> pods) {
        return new ReconcileInput(ud, REVISION, 0, workloads, pods, true, NOW);
    }
}
