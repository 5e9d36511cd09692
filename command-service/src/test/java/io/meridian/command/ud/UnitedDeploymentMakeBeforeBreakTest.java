package io.meridian.command.ud;

import static io.meridian.command.ud.UdManifests.HOST;
import static io.meridian.command.ud.UdManifests.adaptive;
import static io.meridian.command.ud.UdManifests.cloneSet;
import static io.meridian.command.ud.UdManifests.replicas;
import static io.meridian.command.ud.UnitedDeploymentAggregateTest.ID;
import static io.meridian.command.ud.UnitedDeploymentAggregateTest.REVISION;
import static io.meridian.command.ud.UnitedDeploymentAggregateTest.T0;
import static io.meridian.command.ud.UnitedDeploymentAggregateTest.ofType;
import static io.meridian.command.ud.UnitedDeploymentAggregateTest.reconcile;
import static io.meridian.command.ud.UnitedDeploymentAggregateTest.reconciled;
import static io.meridian.command.ud.UnitedDeploymentAggregateTest.recorded;
import static io.meridian.command.ud.UnitedDeploymentAggregateTest.registered;
import static io.meridian.command.ud.UnitedDeploymentAggregateTest.withStatus;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.ud.api.RescheduleUnitedDeployment;
import io.meridian.command.ud.api.SubsetWorkload;
import io.meridian.command.ud.api.UnitedDeploymentChanged;
import io.meridian.command.ud.api.UnitedDeploymentReconciled;
import io.meridian.command.ud.api.UnitedDeploymentRescheduleCompleted;
import io.meridian.command.ud.api.UnitedDeploymentRescheduled;
import io.meridian.command.ud.api.UpsertUnitedDeployment;
import io.meridian.command.ud.UnitedDeploymentAggregateTest.UdManifestsTestView;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A rebalancer's reschedule of a UnitedDeployment with preserveAvailable: an Adaptive UnitedDeployment of 5 stuck at
 * a=2, b=3 (all ready) is moved to a=4, b=1 without its ready replicas dropping below 5.
 */
class UnitedDeploymentMakeBeforeBreakTest {
    private static final String REBALANCER = "rebalancer:demo";
    private final JsonNode ud = adaptive(5);
    private final List<Object> history = new ArrayList<>();

    private SubsetWorkload subset(String name, int replicas, int ready) {
        return withStatus(cloneSet(HOST, "ud-" + name + "-x", name, replicas, REVISION(ud)), replicas, ready);
    }

    private List<Object> stuckAndRescheduled() {
        history.add(registered(ud));
        history.add(reconciled(List.copyOf(history), reconcile(1, subset("a", 2, 2), subset("b", 3, 3))));
        history.add(new UnitedDeploymentRescheduled(ID, REBALANCER, "d", replicas(2, 3), replicas(4, 1),
                T0.plusSeconds(2), 5));
        return history;
    }

    @Test
    void aReschedulePreservingAvailabilityRecordsTheReadyReplicasAtItsStart() {
        history.add(registered(ud));
        history.add(reconciled(List.copyOf(history), reconcile(1, subset("a", 2, 2), subset("b", 3, 3))));

        List<Object> events = recorded(history, new RescheduleUnitedDeployment(ID, REBALANCER, true, T0.plusSeconds(2)));

        assertThat(events).singleElement().isInstanceOfSatisfying(UnitedDeploymentRescheduled.class,
                e -> assertThat(e.availableAtStart()).isEqualTo(5));
    }

    @Test
    void theNewReplicasAreAddedBeforeAnyReadyOneIsRemoved() {
        UnitedDeploymentReconciled step = reconciled(stuckAndRescheduled(),
                reconcile(3, subset("a", 2, 2), subset("b", 3, 3)));

        assertThat(ofType(step, "ApplyObject")).extracting(UdManifestsTestView::subsetAndReplicas)
                .containsExactly("a=4");
        assertThat(step.output().path("nextReplicas").toString()).isEqualTo("{\"a\":4,\"b\":3}");
    }

    @Test
    void theStatusCountsEveryReadyReplicaDuringTheMove() {
        UnitedDeploymentReconciled step = reconciled(stuckAndRescheduled(),
                reconcile(4, subset("a", 4, 3), subset("b", 3, 3)));

        assertThat(step.status().path("readyReplicas").asInt()).isEqualTo(6);
    }

    @Test
    void readyReplicasOfTheOldSubsetGoOnlyAsFarAsTheNewOnesAreReady() {
        UnitedDeploymentReconciled step = reconciled(stuckAndRescheduled(),
                reconcile(4, subset("a", 4, 3), subset("b", 3, 3)));

        assertThat(ofType(step, "ApplyObject")).extracting(UdManifestsTestView::subsetAndReplicas)
                .containsExactly("b=2");
    }

    @Test
    void theRescheduleCompletesOnceTheTargetIsInPlaceAndReady() {
        List<Object> events = recorded(stuckAndRescheduled(), reconcile(5, subset("a", 4, 4), subset("b", 1, 1)));

        assertThat(events).last().isEqualTo(new UnitedDeploymentRescheduleCompleted(ID, REBALANCER, replicas(4, 1),
                "every subset holds its new replicas, all ready", T0.plusSeconds(5)));
    }

    @Test
    void aSpecChangeEndsTheRescheduleAndTheSpecIsFollowed() {
        List<Object> events = recorded(stuckAndRescheduled(), new UpsertUnitedDeployment(ID, HOST, adaptive(7),
                T0.plusSeconds(3)));

        assertThat(events).hasSize(2).first().isInstanceOf(UnitedDeploymentChanged.class);
        assertThat(events.get(1)).isInstanceOfSatisfying(UnitedDeploymentRescheduleCompleted.class,
                e -> assertThat(e.reason()).contains("spec changed"));
    }
}
