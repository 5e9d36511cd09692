package io.meridian.bench.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.federation.BindingRef;
import io.meridian.command.federation.BindingSource;
import io.meridian.command.federation.ClusterBindingInputs;
import io.meridian.command.federation.FederatedTemplate;
import io.meridian.command.federation.FleetSnapshots;
import io.meridian.command.federation.FleetView;
import io.meridian.command.member.api.MemberClusterReady;
import io.meridian.command.member.api.MemberClusterRegistered;
import io.meridian.schemas.ObjectRef;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What reading one binding's inputs costs the command-service ({@link ClusterBindingInputs#read}) in the rebalance
 * bench's fleet: a host holding 5,000 Deployment templates and 50 PropagationPolicies, 100 members, each template's
 * copy on the two members of its pair. Each call reads the next template's binding: {@code first} as the first read
 * since the process started (a new reader for every round of the 5,000), {@code reread} as a later read of objects
 * that did not change since (a rebalance reads each binding twice: its reschedule, then the sync that ends its wait).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BindingInputsBenchmark {
    private static final int MEMBERS = 100;
    private static final int WORKLOADS = 5_000;
    private static final String HOST = BenchFleet.HOST;

    private final KubernetesSerialization serialization = new KubernetesSerialization();
    private final ObjectMapper json = new ObjectMapper();
    @Param({"first", "reread"})
    public String reading;

    private ClusterBindingInputs inputs;
    private ClusterState state;
    private FleetView fleet;
    private String[] bindingIds;
    private int next;

    @Setup
    public void setUp() {
        fleet = new FleetView();
        state = new ClusterState();
        Instant at = Instant.parse("2026-11-24T00:00:00Z");
        register(fleet, HOST, "host", at);
        for (int m = 0; m < MEMBERS; m++) {
            register(fleet, FleetShape.memberName(m), "member", at);
        }
        int pairs = MEMBERS / 2;
        for (int p = 0; p < pairs; p++) {
            put(state, HOST, BenchObjects.policy(group(p),
                    List.of(FleetShape.memberName(2 * p), FleetShape.memberName(2 * p + 1)), true));
        }
        bindingIds = new String[WORKLOADS];
        for (int w = 0; w < WORKLOADS; w++) {
            int pair = w % pairs;
            JsonNode template = put(state, HOST, BenchObjects.template(w, 4, group(pair)));
            BindingRef ref = new BindingRef(BenchFleet.NAMESPACE, "Deployment", BenchObjects.workloadName(w));
            JsonNode copy = FederatedTemplate.copy(template, ref.labelValue(), 2);
            put(state, FleetShape.memberName(2 * pair), copy);
            put(state, FleetShape.memberName(2 * pair + 1), copy);
            bindingIds[w] = "binding:" + BenchFleet.NAMESPACE + "/Deployment/" + BenchObjects.workloadName(w);
        }
        inputs = new ClusterBindingInputs(state, fleet, new FleetSnapshots());
        List<String> firstPair = List.of(FleetShape.memberName(0), FleetShape.memberName(1));
        if (!inputs.read(bindingIds[0]).orElseThrow().copies().keySet().containsAll(firstPair)) {
            throw new IllegalStateException("the fleet is not as the benchmark expects: the first binding has no copy on "
                    + firstPair);
        }
    }

    @Benchmark
    public Optional<BindingSource> read() {
        next = (next + 1) % WORKLOADS;
        if (next == 0 && reading.equals("first")) {
            inputs = new ClusterBindingInputs(state, fleet, new FleetSnapshots());
        }
        return inputs.read(bindingIds[next]);
    }

    private static void register(FleetView fleet, String cluster, String role, Instant at) {
        fleet.fold(new MemberClusterRegistered(cluster, role, at));
        fleet.fold(new MemberClusterReady(cluster, at));
    }

    private JsonNode put(ClusterState state, String cluster, GenericKubernetesResource object) {
        try {
            return put(state, cluster, json.readTree(serialization.asJson(object)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode put(ClusterState state, String cluster, JsonNode object) {
        JsonNode metadata = object.path("metadata");
        ObjectRef ref = new ObjectRef(object.path("apiVersion").asText(), object.path("kind").asText(),
                metadata.path("namespace").asText(""), metadata.path("name").asText(), null, null);
        state.upsert(cluster, ref, object);
        return state.find(cluster, ref.namespace(), ref.kind(), ref.name()).orElseThrow();
    }

    private static String group(int pair) {
        return String.format(Locale.ROOT, "pair-%02d", pair);
    }
}
