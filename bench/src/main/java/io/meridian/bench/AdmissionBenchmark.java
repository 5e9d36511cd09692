package io.meridian.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.NodeSelectorTermBuilder;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.meridian.core.ws.admission.AdmissionResult;
import io.meridian.core.ws.admission.AdmissionSettings;
import io.meridian.core.ws.admission.ClusterObject;
import io.meridian.core.ws.admission.ClusterObjects;
import io.meridian.core.ws.admission.ListedSpread;
import io.meridian.core.ws.admission.PodCreationAdmission;
import io.meridian.core.ws.admission.PodCreationRequest;
import io.meridian.core.ws.admission.StatusChange;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.TargetReference;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadSpec;
import io.meridian.core.ws.model.WorkloadSpreadStatus;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One pod admission for one spread with 10 subsets tracking 10,000 pods: each subset has 1,000 pods,
 * 900 active and 100 in creatingPods, 10 in deletingPods; the first nine subsets are full, so the
 * decision walks every row before choosing the last one. Target: well under 50 µs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class AdmissionBenchmark {
    private static final int SUBSETS = 10;
    private static final int PODS_PER_SUBSET = 1_000;
    private static final int CREATING_PER_SUBSET = 100;
    private static final int DELETING_PER_SUBSET = 10;
    private static final Instant NOW = Instant.parse("2024-05-01T10:00:00Z");
    private static final TargetReference TARGET = new TargetReference("apps.kruise.io/v1alpha1", "CloneSet", "web");

    private final PodCreationAdmission admission = new PodCreationAdmission();
    private PodCreationRequest request;

    @Setup
    public void setUp() throws Exception {
        WorkloadSpread spread = spread();
        ClusterObject cloneset = new ClusterObject(TARGET.apiVersion(), TARGET.kind(), "ns", TARGET.name(), null,
                new ObjectMapper().readTree("{\"spec\":{\"replicas\":11000}}"));
        request = new PodCreationRequest(pod(), List.of(ListedSpread.live(spread)), ClusterObjects.of(List.of(cloneset)),
                AdmissionSettings.defaults(), NOW, "00000000-0000-0000-0000-000000000001", Map.of());
    }

    @Benchmark
    public AdmissionResult admitOnePod() {
        return admission.decide(request);
    }

    /** The same decision plus building the new status rows to persist (copies the chosen row's maps). */
    @Benchmark
    public List<SubsetStatus> admitOnePodAndBuildStatus() {
        StatusChange change = admission.decide(request).statusChange();
        return change instanceof StatusChange.Recorded recorded ? recorded.rows() : List.of();
    }

    private static WorkloadSpread spread() {
        List<WorkloadSpreadSubset> subsets = new ArrayList<>();
        List<SubsetStatus> rows = new ArrayList<>();
        List<SubsetStatus> totals = new ArrayList<>();
        for (int s = 0; s < SUBSETS; s++) {
            String name = "zone-" + s;
            subsets.add(new WorkloadSpreadSubset(name, zoneTerm(name), null, List.of(zoneToleration(name)),
                    new IntOrString(PODS_PER_SUBSET + (s == SUBSETS - 1 ? 100 : 0)), null, null));
            int missing = s == SUBSETS - 1 ? 100 : 0;
            int active = PODS_PER_SUBSET - CREATING_PER_SUBSET;
            rows.add(new SubsetStatus(name, active, missing, records(name, "creating", CREATING_PER_SUBSET),
                    records(name, "deleting", DELETING_PER_SUBSET), null));
            totals.add(new SubsetStatus(name, active, missing, null, null, null));
        }
        WorkloadSpreadStatus status = new WorkloadSpreadStatus(1L, totals, Map.of("versionIgnored", rows));
        return new WorkloadSpread("ns", "ws", "uid", Map.of(), 1L, new WorkloadSpreadSpec(TARGET, null, subsets, null), status);
    }

    private static Map<String, Instant> records(String subset, String kind, int count) {
        Map<String, Instant> pods = new HashMap<>();
        for (int i = 0; i < count; i++) {
            pods.put("web-" + subset + "-" + kind + "-" + i, NOW.minusSeconds(i % 30));
        }
        return pods;
    }

    private static NodeSelectorTerm zoneTerm(String zone) {
        return new NodeSelectorTermBuilder().addNewMatchExpression().withKey("topology.kubernetes.io/zone")
                .withOperator("In").withValues(zone).endMatchExpression().build();
    }

    private static Toleration zoneToleration(String zone) {
        return new TolerationBuilder().withKey("dedicated").withOperator("Equal").withValue(zone).withEffect("NoSchedule").build();
    }

    private static JsonNode pod() throws Exception {
        return new ObjectMapper().readTree("""
                {"apiVersion":"v1","kind":"Pod",
                 "metadata":{"name":"web-new-pod","namespace":"ns","labels":{"app":"web"},
                   "ownerReferences":[{"apiVersion":"apps.kruise.io/v1alpha1","kind":"CloneSet","name":"web","controller":true}]},
                 "spec":{"containers":[{"name":"main","image":"nginx:1.25","ports":[{"containerPort":80}],
                   "env":[{"name":"A","value":"1"}],"resources":{"requests":{"cpu":"100m"}}}]}}
                """);
    }
}
