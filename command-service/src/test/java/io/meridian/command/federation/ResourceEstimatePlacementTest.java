package io.meridian.command.federation;

import static io.meridian.command.federation.BindingAggregateTest.sync;
import static io.meridian.command.federation.FederationFixtures.T0;
import static io.meridian.command.federation.FederationFixtures.deployment;
import static io.meridian.command.federation.FederationFixtures.policy;
import static io.meridian.command.federation.FederationFixtures.read;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.federation.api.BindingScheduled;
import io.meridian.command.member.api.MemberCapacityChanged;
import io.meridian.command.member.api.MemberClusterReady;
import io.meridian.command.member.api.MemberClusterRegistered;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.hamcrest.Matcher;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Dynamic weights from Karmada's general estimator: the members' capacity reports carry cpu and memory per zone, and
 * a template's pod requests turn them into available replicas. member1 has 20 free pod slots but room for two 2-cpu
 * pods; member2 has 5 free pod slots and room for sixteen.
 */
class ResourceEstimatePlacementTest {
    private static final String DYNAMIC = """
            {"replicaScheduling":{"replicaSchedulingType":"Divided","replicaDivisionPreference":"Weighted",
              "weightPreference":{"dynamicWeight":"AvailableReplicas"}}}""";

    AggregateTestFixture<BindingAggregate> fixture;
    FederationFixtures.Inputs inputs;

    @BeforeEach
    void setUp() {
        inputs = new FederationFixtures.Inputs();
        fixture = FederationFixtures.bindingFixture(inputs);
        FleetView fleet = new FleetView();
        report(fleet, "member1", "host", """
                {"a":{"allocatablePods":30,"usedPods":10,"freePods":20,
                      "allocatable":{"cpu":8000,"memory":34359738368},"requested":{"cpu":4000,"memory":1073741824}}}""");
        report(fleet, "member2", "member", """
                {"b":{"allocatablePods":10,"usedPods":5,"freePods":5,
                      "allocatable":{"cpu":32000,"memory":68719476736},"requested":{"cpu":0,"memory":0}}}""");
        inputs.members = new ArrayList<>(fleet.members());
        inputs.policy = policy(DYNAMIC, null);
    }

    private static void report(FleetView fleet, String cluster, String role, String zones) {
        fleet.fold(new MemberClusterRegistered(cluster, role, T0));
        fleet.fold(new MemberClusterReady(cluster, T0));
        fleet.fold(new MemberCapacityChanged(cluster, read(zones), T0));
    }

    private static ObjectNode requesting(int replicas, String cpu) {
        ObjectNode template = deployment(replicas);
        ((ObjectNode) template.at("/spec/template/spec/containers/0")).putObject("resources").putObject("requests")
                .put("cpu", cpu).put("memory", "256Mi");
        return template;
    }

    private static Matcher<List<EventMessage<?>>> scheduled(Map<String, Integer> assignment) {
        Predicate<BindingScheduled> test = s -> s.assignment().equals(assignment);
        return BindingAggregateTest.events(BindingAggregateTest.scheduledWhere(test));
    }

    @Test
    void aTemplateRequestingTwoCpusIsWeightedByCpuRoomNotPodSlots() {
        inputs.template = requesting(7, "2");

        fixture.givenNoPriorActivity().when(sync(0)).expectEventsMatching(scheduled(Map.of("member1", 2, "member2", 5)));
    }

    @Test
    void theDecisionRecordsWhatOneReplicaRequests() {
        inputs.template = requesting(7, "2");

        Predicate<BindingScheduled> recorded = s -> s.inputs().podRequests()
                .equals(Map.of("cpu", 2000L, "memory", 268435456L));
        fixture.givenNoPriorActivity().when(sync(0))
                .expectEventsMatching(BindingAggregateTest.events(BindingAggregateTest.scheduledWhere(recorded)));
    }

    @Test
    void aTemplateWithoutRequestsIsWeightedByFreePodSlots() {
        inputs.template = deployment(10);

        fixture.givenNoPriorActivity().when(sync(0)).expectEventsMatching(scheduled(Map.of("member1", 8, "member2", 2)));
    }

    @Test
    void smallRequestsLeaveThePodSlotsAsTheBound() {
        inputs.template = requesting(10, "100m");

        fixture.givenNoPriorActivity().when(sync(0)).expectEventsMatching(scheduled(Map.of("member1", 8, "member2", 2)));
    }
}
