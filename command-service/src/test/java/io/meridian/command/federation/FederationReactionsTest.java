package io.meridian.command.federation;

import static io.meridian.command.federation.FederationFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.command.cluster.ClusterState;
import io.meridian.command.federation.api.SyncBinding;
import io.meridian.command.member.api.MemberClusterReady;
import io.meridian.command.member.api.MemberClusterUnreachable;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A member lost moves only the bindings that involve it. */
class FederationReactionsTest {
    static final String ON_MEMBER2 = "binding:default/Deployment/on-member2";
    static final String ELSEWHERE = "binding:default/Deployment/elsewhere";
    static final String NEVER_TOLD = "binding:default/Deployment/never-told";

    final ClusterState state = new ClusterState();
    final FleetView fleet = new FleetView();
    final ClusterBindingInputs inputs = new ClusterBindingInputs(state, fleet, new FleetSnapshots());
    final EmbeddedEventStore events = EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
    final List<Object> sent = new CopyOnWriteArrayList<>();
    BindingSyncQueue syncs;
    FederationReactions reactions;

    @BeforeEach
    void setUp() throws InterruptedException {
        Clock clock = Clock.fixed(T0, ZoneOffset.UTC);
        syncs = new BindingSyncQueue(sent::add, clock);
        reactions = new FederationReactions(fleet, new FederationListener(state, fleet, inputs, syncs, events), syncs,
                inputs, clock);
        List.of(ON_MEMBER2, ELSEWHERE, NEVER_TOLD).forEach(id -> syncs.request(id, "placed"));
        inputs.involves(ON_MEMBER2, Set.of("member1", "member2"));
        inputs.involves(ELSEWHERE, Set.of("member1", "member3"));
        reactions.on(new MemberClusterReady("member2", T0));
        assertThat(syncs.awaitIdle(10, TimeUnit.SECONDS)).isTrue();
        sent.clear();
    }

    @AfterEach
    void tearDown() {
        syncs.close();
        events.shutDown();
    }

    @Test
    void aMemberDeclaredUnreachableSyncsTheBindingsThatInvolveItAndThoseNotToldAbout() throws InterruptedException {
        reactions.on(new MemberClusterUnreachable("member2", T0, T0.plusSeconds(30)));

        assertThat(syncs.awaitIdle(10, TimeUnit.SECONDS)).isTrue();
        assertThat(sent).extracting(c -> ((SyncBinding) c).bindingId()).containsExactlyInAnyOrder(ON_MEMBER2, NEVER_TOLD);
    }
}
