package io.meridian.command.admission;

import static io.meridian.command.ws.Manifests.cloneSet;
import static io.meridian.command.ws.Manifests.spread;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.cluster.SyncScheduler;
import io.meridian.command.kafka.MeridianProperties;
import io.meridian.command.ws.api.SyncWorkloadSpread;
import io.meridian.schemas.ObjectRef;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.axonframework.commandhandling.SimpleCommandBus;
import org.axonframework.commandhandling.gateway.DefaultCommandGateway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The spread is synced with its target's spec before a batch whenever that spec is one it was not synced with. */
class LiveTargetSyncTest {
    static final String ID = "member1/ns/ws";
    final List<SyncWorkloadSpread> syncs = new CopyOnWriteArrayList<>();
    final ClusterState state = new ClusterState();
    SyncScheduler scheduler;
    LiveTargetSync sync;

    @BeforeEach
    void setUp() {
        SimpleCommandBus bus = SimpleCommandBus.builder().build();
        bus.subscribe(SyncWorkloadSpread.class.getName(), message -> {
            syncs.add((SyncWorkloadSpread) message.getPayload());
            return null;
        });
        DefaultCommandGateway gateway = DefaultCommandGateway.builder().commandBus(bus).build();
        scheduler = new SyncScheduler(state, gateway, Clock.fixed(Instant.parse("2026-11-22T04:00:00Z"), ZoneOffset.UTC),
                new MeridianProperties(null, null, null, Duration.ofMinutes(1), null, null));
        sync = new LiveTargetSync(state, scheduler, gateway);
        put("WorkloadSpread", "ws", spread("ws", 1));
        put("CloneSet", "web", cloneSet(10));
    }

    @AfterEach
    void tearDown() {
        scheduler.destroy();
    }

    private void put(String kind, String name, JsonNode body) {
        state.upsert("member1", new ObjectRef("apps.kruise.io/v1alpha1", kind, "ns", name, null, null), body);
    }

    @Test
    void aReportedScaleUpTheSpreadWasNotSyncedWithIsSyncedBeforeTheBatch() {
        sync.run(ID, List.of(cloneSet(10)));
        put("CloneSet", "web", cloneSet(20));

        sync.run(ID, List.of(cloneSet(20)));

        assertThat(syncs).extracting(s -> s.workload().path("spec").path("replicas").asInt()).containsExactly(10, 20);
    }

    @Test
    void aSpecAlreadySyncedWithCostsNothing() {
        sync.run(ID, List.of(cloneSet(10)));

        sync.run(ID, List.of(cloneSet(10)));

        assertThat(syncs).hasSize(1);
    }

    @Test
    void aLiveTargetAheadOfTheReportedOneIsWhatTheSpreadIsSyncedWith() {
        sync.run(ID, List.of(cloneSet(30)));

        assertThat(syncs).singleElement().satisfies(s -> assertThat(s.workload().path("spec").path("replicas").asInt()).isEqualTo(30));
    }
}
