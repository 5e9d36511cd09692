package io.meridian.command.rebalancer.feed;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.cluster.ClusterChange;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.rebalancer.api.RemoveRebalancer;
import io.meridian.command.rebalancer.api.UpsertRebalancer;
import io.meridian.command.ws.KernelJson;
import io.meridian.core.karmada.rebalancer.WorkloadReference;
import io.meridian.schemas.ObjectRef;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.axonframework.commandhandling.SimpleCommandBus;
import org.axonframework.commandhandling.gateway.DefaultCommandGateway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Which cluster changes become rebalancer commands. */
class RebalancerFeedTest {
    static final Instant AT = Instant.parse("2026-11-22T04:00:00Z");
    final SimpleCommandBus bus = SimpleCommandBus.builder().build();
    final List<Object> sent = new CopyOnWriteArrayList<>();
    final ClusterState state = new ClusterState();
    HostClusters hosts;
    RebalancerFeed feed;

    @BeforeEach
    void setUp() {
        for (Class<?> type : List.of(UpsertRebalancer.class, RemoveRebalancer.class)) {
            bus.subscribe(type.getName(), message -> {
                sent.add(message.getPayload());
                return null;
            });
        }
        hosts = new HostClusters(bus);
        feed = new RebalancerFeed(DefaultCommandGateway.builder().commandBus(bus).build(), hosts, state,
                Clock.fixed(AT, ZoneOffset.UTC));
    }

    static JsonNode json(String text) {
        try {
            return KernelJson.JSON.readTree(text);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static final JsonNode CR = json("""
            {"apiVersion": "apps.karmada.io/v1alpha1", "kind": "WorkloadRebalancer",
             "metadata": {"name": "r", "uid": "u1", "creationTimestamp": "2026-11-22T03:59:00Z", "generation": 1},
             "spec": {"workloadSelector": {"matchLabels": {"tier": "low"}},
                      "workloads": [{"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "default", "name": "web"}]}}""");

    ClusterChange upserted(String cluster, String kind, String name, JsonNode body) {
        ObjectRef ref = new ObjectRef(body.path("apiVersion").asText(), kind,
                body.path("metadata").path("namespace").asText(""), name, "u1", "1");
        state.upsert(cluster, ref, body);
        return new ClusterChange(cluster, ref, state.find(cluster, ref.namespace(), kind, name).orElseThrow(), null, AT);
    }

    @Test
    void aRebalancerOfTheHostIsUpsertedWithTheSelectableTemplates() {
        hosts.heard("host", "host");
        upserted("host", "Deployment", "api", json("""
                {"apiVersion": "apps/v1", "metadata": {"namespace": "default", "labels": {"tier": "low"}}}"""));

        feed.onChange(upserted("host", "WorkloadRebalancer", "r", CR));

        UpsertRebalancer upsert = (UpsertRebalancer) sent.get(0);
        assertThat(upsert.id()).isEqualTo("rebalancer:r");
        assertThat(upsert.cluster()).isEqualTo("host");
        assertThat(upsert.uid()).isEqualTo("u1");
        assertThat(upsert.rebalancer().metadata().creationTimestamp()).isEqualTo(Instant.parse("2026-11-22T03:59:00Z"));
        assertThat(upsert.templates()).extracting(t -> t.reference())
                .containsExactly(new WorkloadReference("apps/v1", "Deployment", "default", "api"));
        assertThat(upsert.resume()).isFalse();
    }

    ClusterChange changed(ClusterChange before, String field, String json) {
        com.fasterxml.jackson.databind.node.ObjectNode after = before.current().deepCopy();
        after.set(field, json(json));
        return new ClusterChange(before.cluster(), before.ref(), after, before.current(), AT);
    }

    @Test
    void aChangeOfTheStatusAloneSendsNothing() {
        hosts.heard("host", "host");
        ClusterChange created = upserted("host", "WorkloadRebalancer", "r", CR);
        sent.clear();

        feed.onChange(changed(created, "status", """
                {"observedWorkloads": [{"workload": {"name": "web"}, "result": "Successful"}]}"""));

        assertThat(sent).isEmpty();
    }

    @Test
    void aChangeOfTheSpecIsUpserted() {
        hosts.heard("host", "host");
        ClusterChange created = upserted("host", "WorkloadRebalancer", "r", CR);
        sent.clear();

        feed.onChange(changed(created, "spec", """
                {"workloads": [{"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "default", "name": "api"}]}"""));

        assertThat(sent).hasSize(1).first().isInstanceOf(UpsertRebalancer.class);
    }

    @Test
    void aRebalancerOfAMemberIsNotOne() {
        hosts.heard("member2", "member");

        feed.onChange(upserted("member2", "WorkloadRebalancer", "r", CR));

        assertThat(sent).isEmpty();
    }

    @Test
    void aRebalancerReportedBeforeItsClusterWasKnownAsHostIsFedWhenItIs() {
        feed.onCaughtUp(state, AT);
        feed.onChange(upserted("host", "WorkloadRebalancer", "r", CR));
        assertThat(sent).isEmpty();

        hosts.heard("host", "host");

        assertThat(sent).hasSize(1).first().isInstanceOf(UpsertRebalancer.class);
    }

    @Test
    void atStartEveryRebalancerOfTheHostIsResumed() {
        hosts.heard("host", "host");
        upserted("host", "WorkloadRebalancer", "r", CR);

        feed.onCaughtUp(state, AT);

        assertThat(((UpsertRebalancer) sent.get(0)).resume()).isTrue();
    }

    @Test
    void aDeletedRebalancerIsRemovedWithItsUid() {
        hosts.heard("host", "host");
        ClusterChange created = upserted("host", "WorkloadRebalancer", "r", CR);

        feed.onChange(new ClusterChange("host", created.ref(), null, created.current(), AT));

        assertThat(sent).containsExactly(new RemoveRebalancer("rebalancer:r", "u1", AT));
    }
}
