package io.meridian.command.federation;

import static io.meridian.command.federation.BindingAggregateTest.sync;
import static io.meridian.command.federation.FederationFixtures.policy;
import static io.meridian.command.federation.FederationFixtures.ready;

import io.meridian.command.federation.api.BindingScheduled;
import io.meridian.command.federation.api.MemberView;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.TestExecutor;
import org.hamcrest.Matcher;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A binding placed by the labels and regions of its members' Cluster objects. */
class ClusterFieldsPlacementTest {
    private static final String PROD_DUPLICATED = """
            {"clusterAffinity":{"labelSelector":{"matchLabels":{"env":"prod"}}},
             "replicaScheduling":{"replicaSchedulingType":"Duplicated"}}""";
    private static final String TWO_REGIONS_DYNAMIC = """
            {"clusterAffinity":{"labelSelector":{"matchLabels":{"env":"prod"}}},
             "spreadConstraints":[{"spreadByField":"region","minGroups":2,"maxGroups":2},
                                  {"spreadByField":"cluster","minGroups":2,"maxGroups":2}],
             "replicaScheduling":{"replicaSchedulingType":"Divided","replicaDivisionPreference":"Weighted",
               "weightPreference":{"dynamicWeight":"AvailableReplicas"}}}""";
    private static final String PROD_IN_EU_AGGREGATED = """
            {"clusterAffinity":{"fieldSelector":{"matchExpressions":[
                {"key":"region","operator":"In","values":["eu"]},{"key":"provider","operator":"NotIn","values":["gcp"]}]}},
             "replicaScheduling":{"replicaSchedulingType":"Divided","replicaDivisionPreference":"Aggregated"}}""";

    AggregateTestFixture<BindingAggregate> fixture;
    FederationFixtures.Inputs inputs;

    @BeforeEach
    void setUp() {
        inputs = new FederationFixtures.Inputs();
        fixture = FederationFixtures.bindingFixture(inputs);
    }

    private static MemberView member(String name, boolean host, String env, String provider, String region) {
        Map<String, String> labels = env == null ? Map.of() : Map.of("env", env);
        return ready(name, host, 20L).withClusterFields(labels, provider, region, List.of());
    }

    private static Matcher<List<EventMessage<?>>> oneScheduled(Predicate<BindingScheduled> test) {
        return BindingAggregateTest.events(BindingAggregateTest.scheduledWhere(test));
    }

    /** member2 prod, member3 staging: the Duplicated binding is placed in member2 only. */
    private TestExecutor<BindingAggregate> placedInMember2() {
        inputs.policy = policy(PROD_DUPLICATED, null);
        inputs.members = new java.util.ArrayList<>(List.of(member("member1", true, null, "", ""),
                member("member2", false, "prod", "", ""), member("member3", false, "staging", "", "")));
        return fixture.givenCommands(sync(0));
    }

    @Test
    void aLabelSelectorAffinityPlacesOnTheMembersWhoseClusterObjectsCarryTheLabels() {
        inputs.policy = policy(PROD_DUPLICATED, null);
        inputs.members = List.of(member("member1", true, null, "", ""), member("member2", false, "prod", "", ""),
                member("member3", false, "staging", "", ""));
        fixture.givenNoPriorActivity().when(sync(0))
                .expectEventsMatching(oneScheduled(s -> s.assignment().equals(Map.of("member2", 9))));
    }

    @Test
    void aClusterLabelChangeRePlacesADuplicatedBinding() {
        TestExecutor<BindingAggregate> given = placedInMember2();
        inputs.members.set(1, member("member2", false, "staging", "", ""));
        inputs.members.set(2, member("member3", false, "prod", "", ""));
        given.when(sync(10)).expectEventsMatching(oneScheduled(s -> s.assignment().equals(Map.of("member3", 9))
                && "AlwaysRescheduled".equals(s.trigger())
                && s.inputs().members().get(2).labels().equals(Map.of("env", "prod"))));
    }

    @Test
    void anUnchangedClusterObjectDecidesNothingNew() {
        placedInMember2().when(sync(10)).expectNoEvents();
    }

    @Test
    void aRegionSpreadConstraintPlacesInTwoRegions() {
        inputs.policy = policy(TWO_REGIONS_DYNAMIC, null);
        inputs.members = List.of(member("member1", true, "prod", "", "eu"), member("member2", false, "prod", "", "eu"),
                member("member3", false, "prod", "", "us"));
        fixture.givenNoPriorActivity().when(sync(0))
                .expectEventsMatching(oneScheduled(s -> s.assignment().containsKey("member3")
                        && s.assignment().size() == 2 && s.assignment().values().stream().mapToInt(i -> i).sum() == 9));
    }

    @Test
    void aRegionSpreadConstraintWithOneRegionFailsAndIsRetriedWhenAClusterObjectAddsASecond() {
        inputs.policy = policy(TWO_REGIONS_DYNAMIC, null);
        inputs.members = new java.util.ArrayList<>(List.of(member("member1", true, "prod", "", "eu"),
                member("member2", false, "prod", "", "eu"), member("member3", false, null, "", "")));
        TestExecutor<BindingAggregate> given = fixture.givenCommands(sync(0));
        inputs.members.set(2, member("member3", false, "prod", "", "us"));
        given.when(sync(10)).expectEventsMatching(oneScheduled(s -> s.failure() == null
                && s.assignment().containsKey("member3") && s.assignment().size() == 2));
    }

    @Test
    void aFieldSelectorMatchesRegionInAndProviderNotIn() {
        inputs.policy = policy(PROD_IN_EU_AGGREGATED, null);
        inputs.members = List.of(member("member1", true, null, "gcp", "eu"), member("member2", false, null, "aws", "eu"),
                member("member3", false, null, "aws", "us"));
        fixture.givenNoPriorActivity().when(sync(0))
                .expectEventsMatching(oneScheduled(s -> s.assignment().equals(Map.of("member2", 9))));
    }

    @Test
    void membersWithoutClusterObjectsMatchNoLabelSelector() {
        inputs.policy = policy(PROD_DUPLICATED, null);
        inputs.members = List.of(ready("member1", true, 20L), ready("member2", false, 20L));
        fixture.givenNoPriorActivity().when(sync(0))
                .expectEventsMatching(oneScheduled(s -> s.failure() != null && s.assignment().isEmpty()));
    }
}
