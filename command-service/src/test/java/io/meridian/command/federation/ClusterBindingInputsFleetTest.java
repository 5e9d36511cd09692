package io.meridian.command.federation;

import static io.meridian.command.federation.FederationFixtures.ready;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.command.cluster.ClusterState;
import io.meridian.command.federation.api.BindingScheduled;
import io.meridian.command.federation.api.MemberView;
import io.meridian.command.federation.api.ScheduleInputs;
import io.meridian.command.member.api.MemberClusterRegistered;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.junit.jupiter.api.Test;

/**
 * A fleet counts as recorded, a binding as settled and as involving only its new clusters, only once the unit of work
 * that says so commits.
 */
class ClusterBindingInputsFleetTest {
    static final List<MemberView> MEMBERS = List.of(ready("member1", true, 20L), ready("member2", false, 20L));
    static final String DIGEST = FleetSnapshots.digest(MEMBERS);

    final FleetSnapshots snapshots = new FleetSnapshots();
    final ClusterBindingInputs inputs = new ClusterBindingInputs(new ClusterState(), new FleetView(), snapshots);

    static BindingScheduled decision(List<MemberView> members) {
        return decision(members, DIGEST);
    }

    static BindingScheduled decision(List<MemberView> members, String digest) {
        ScheduleInputs read = new ScheduleInputs("apps/v1", "uid", 3, "policy", null, members, Map.of(), List.of(),
                null, null, "", Map.of(), digest, "member1");
        return new BindingScheduled("binding:default/Deployment/web", "d1", "k", "PlacementChanged", "STEADY", read,
                Map.of("member1", 3), "", null, Map.of("member1", 3), "digest", List.of(), "test", Instant.EPOCH);
    }

    @Test
    void aDecisionCarryingTheMembersRecordsThemWhenItCommits() {
        UnitOfWork<?> unit = DefaultUnitOfWork.startAndGet(null);
        inputs.applied(decision(MEMBERS));
        boolean beforeCommit = snapshots.ref(MEMBERS).recorded();

        unit.commit();

        assertThat(beforeCommit).isFalse();
        assertThat(snapshots.ref(MEMBERS).recorded()).isTrue();
    }

    @Test
    void aDecisionRolledBackRecordsNothing() {
        UnitOfWork<?> unit = DefaultUnitOfWork.startAndGet(null);
        inputs.applied(decision(MEMBERS));

        unit.rollback();

        assertThat(snapshots.ref(MEMBERS).recorded()).isFalse();
    }

    @Test
    void aBindingSettledInAUnitOfWorkThatRollsBackStillCountsAsWaitingForItsCopies() {
        UnitOfWork<?> unit = DefaultUnitOfWork.startAndGet(null);
        inputs.awaitingCopies("binding:default/Deployment/web", false);

        unit.rollback();

        assertThat(inputs.awaitsCopies("binding:default/Deployment/web")).isTrue();
    }

    @Test
    void aBindingSettledInAUnitOfWorkThatCommitsWaitsForNoCopy() {
        UnitOfWork<?> unit = DefaultUnitOfWork.startAndGet(null);
        inputs.awaitingCopies("binding:default/Deployment/web", false);
        boolean beforeCommit = inputs.awaitsCopies("binding:default/Deployment/web");

        unit.commit();

        assertThat(beforeCommit).isTrue();
        assertThat(inputs.awaitsCopies("binding:default/Deployment/web")).isFalse();
    }

    @Test
    void aLaterDecisionOfTheSameTransactionRefersToTheFleetAnEarlierCommandCarries() {
        ClusterBindingInputs fleetInputs = withFleet();
        UnitOfWork<?> batch = DefaultUnitOfWork.startAndGet(null);
        FleetRef first = inCommand(() -> carry(fleetInputs), true);

        FleetRef second = inCommand(() -> fleetInputs.read(BINDING).orElseThrow().fleet(), true);

        assertThat(first.recorded()).isFalse();
        assertThat(second).isEqualTo(new FleetRef(first.digest(), true));
        batch.rollback();
    }

    @Test
    void aDecisionWhoseCommandRolledBackLeavesTheFleetToBeCarriedByTheNext() {
        ClusterBindingInputs fleetInputs = withFleet();
        UnitOfWork<?> batch = DefaultUnitOfWork.startAndGet(null);
        inCommand(() -> carry(fleetInputs), false);

        FleetRef next = inCommand(() -> fleetInputs.read(BINDING).orElseThrow().fleet(), true);

        assertThat(next.recorded()).isFalse();
        batch.rollback();
    }

    @Test
    void anotherTransactionStillCarriesTheFleetUntilTheFirstCommits() {
        ClusterBindingInputs fleetInputs = withFleet();
        UnitOfWork<?> batch = DefaultUnitOfWork.startAndGet(null);
        inCommand(() -> carry(fleetInputs), true);
        batch.rollback();

        UnitOfWork<?> other = DefaultUnitOfWork.startAndGet(null);
        FleetRef elsewhere = fleetInputs.read(BINDING).orElseThrow().fleet();
        other.rollback();

        assertThat(elsewhere.recorded()).isFalse();
    }

    static final String BINDING = "binding:default/Deployment/web";

    ClusterBindingInputs withFleet() {
        FleetView fleet = new FleetView();
        fleet.fold(new MemberClusterRegistered("hub", "host", Instant.EPOCH));
        fleet.fold(new MemberClusterRegistered("member1", "member", Instant.EPOCH));
        return new ClusterBindingInputs(new ClusterState(), fleet, snapshots);
    }

    /** Reads the fleet as a decision would and applies a decision carrying it inline; returns the reference read. */
    static FleetRef carry(ClusterBindingInputs fleetInputs) {
        BindingSource read = fleetInputs.read(BINDING).orElseThrow();
        fleetInputs.applied(decision(read.members(), read.fleet().digest()));
        return read.fleet();
    }

    /** Runs {@code command} in a nested unit of work (as one command of a batch) that commits or rolls back. */
    static <T> T inCommand(java.util.function.Supplier<T> command, boolean commits) {
        UnitOfWork<?> unit = DefaultUnitOfWork.startAndGet(null);
        T result = command.get();
        if (commits) {
            unit.commit();
        } else {
            unit.rollback();
        }
        return result;
    }

    @Test
    void aDecisionReferringToTheMembersByDigestRecordsNothing() {
        inputs.applied(decision(null));

        assertThat(snapshots.ref(MEMBERS).recorded()).isFalse();
    }

    @Test
    void aBindingNoCommandToldAboutMayInvolveAnyCluster() {
        assertThat(inputs.mayInvolve("binding:default/Deployment/web", "member9")).isTrue();
    }

    @Test
    void aBindingInvolvesOnlyTheClustersItsLastCommandNamed() {
        inputs.involves("binding:default/Deployment/web", Set.of("member1", "member2"));
        inputs.involves("binding:default/Deployment/web", Set.of("member1", "member3"));

        assertThat(inputs.mayInvolve("binding:default/Deployment/web", "member3")).isTrue();
        assertThat(inputs.mayInvolve("binding:default/Deployment/web", "member2")).isFalse();
    }

    @Test
    void aBindingMayInvolveTheClustersOfACommandThatRollsBackAndOfTheOneBefore() {
        inputs.involves("binding:default/Deployment/web", Set.of("member1", "member2"));
        UnitOfWork<?> unit = DefaultUnitOfWork.startAndGet(null);
        inputs.involves("binding:default/Deployment/web", Set.of("member1", "member3"));

        unit.rollback();

        assertThat(inputs.mayInvolve("binding:default/Deployment/web", "member2")).isTrue();
        assertThat(inputs.mayInvolve("binding:default/Deployment/web", "member3")).isTrue();
        assertThat(inputs.mayInvolve("binding:default/Deployment/web", "member4")).isFalse();
    }
}
