package io.meridian.command.federation;

import static io.meridian.command.federation.FederationFixtures.ID;
import static io.meridian.command.federation.FederationFixtures.T0;
import static io.meridian.command.federation.FederationFixtures.deployment;
import static io.meridian.command.federation.FederationFixtures.hostCopy;
import static io.meridian.command.federation.FederationFixtures.ready;
import static io.meridian.command.federation.FederationFixtures.unreachable;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.command.federation.api.BindingFailbackDue;
import io.meridian.command.federation.api.BindingFailbackScheduled;
import io.meridian.command.federation.api.BindingMutation;
import io.meridian.command.federation.api.BindingReleased;
import io.meridian.command.federation.api.BindingRescheduleCompleted;
import io.meridian.command.federation.api.BindingRescheduled;
import io.meridian.command.federation.api.BindingScheduled;
import io.meridian.command.federation.api.PlanBindingReschedule;
import io.meridian.command.federation.api.RescheduleBinding;
import io.meridian.command.federation.api.ReschedulePlan;
import io.meridian.command.federation.api.SyncBinding;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.TestExecutor;
import org.axonframework.eventhandling.EventMessage;
import org.hamcrest.BaseMatcher;
import org.hamcrest.Description;
import org.hamcrest.Matcher;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class BindingAggregateTest {
    AggregateTestFixture<BindingAggregate> fixture;
    FederationFixtures.Inputs inputs;

    @BeforeEach
    void setUp() {
        inputs = new FederationFixtures.Inputs();
        fixture = FederationFixtures.bindingFixture(inputs);
    }

    static SyncBinding sync(int seconds) {
        return new SyncBinding(ID, "test", T0.plusSeconds(seconds));
    }

    /** The binding after its first schedule: member1 (the host) 6, member2 3. */
    private TestExecutor<BindingAggregate> scheduled() {
        TestExecutor<BindingAggregate> given = fixture.givenCommands(sync(0));
        inputs.template = hostCopy(9, 6);
        return given;
    }

    /** ...and member2 then unreachable, so everything moved to member1. */
    private TestExecutor<BindingAggregate> failedOver() {
        TestExecutor<BindingAggregate> given = scheduled();
        inputs.members.set(1, unreachable("member2"));
        given.andGivenCommands(sync(40));
        inputs.template = hostCopy(9, 9);
        return given;
    }

    /** The recorded payloads, one predicate each, in order. */
    @SafeVarargs
    static Matcher<List<EventMessage<?>>> events(Predicate<Object>... payloads) {
        return new BaseMatcher<>() {
            @Override
            public boolean matches(Object actual) {
                List<?> messages = (List<?>) actual;
                if (messages.size() != payloads.length) {
                    return false;
                }
                for (int i = 0; i < payloads.length; i++) {
                    if (!payloads[i].test(((EventMessage<?>) messages.get(i)).getPayload())) {
                        return false;
                    }
                }
                return true;
            }

            @Override
            public void describeTo(Description description) {
                description.appendText(payloads.length + " events matching the test's predicates");
            }
        };
    }

    static Predicate<Object> scheduledWhere(Predicate<BindingScheduled> test) {
        return p -> p instanceof BindingScheduled s && test.test(s);
    }

    private static Predicate<Object> payload(Class<?> type) {
        return type::isInstance;
    }

    private static boolean mutation(BindingScheduled s, String cluster, String type, int replicas) {
        return s.mutations().stream().anyMatch(m -> m.cluster().equals(cluster) && m.type().equals(type)
                && replicasOf(m) == replicas);
    }

    private static int replicasOf(BindingMutation m) {
        return m.body().has("replicas") ? m.body().path("replicas").asInt()
                : m.body().path("object").path("spec").path("replicas").asInt(-1);
    }

    @Test
    void theFirstSyncDividesByStaticWeights() {
        fixture.givenNoPriorActivity()
                .when(sync(0))
                .expectEventsMatching(events(scheduledWhere(s -> s.assignment().equals(Map.of("member1", 6, "member2", 3))
                        && "PlacementChanged".equals(s.trigger()) && "STEADY".equals(s.mode()) && s.decisionId() != null
                        && s.kernelVersion() != null && s.inputs().replicas() == 9)));
    }

    @Test
    void theHostIsToldItsShareAndTheTotalOnTheTemplateItself() {
        fixture.givenNoPriorActivity()
                .when(sync(0))
                .expectEventsMatching(events(scheduledWhere(s -> s.mutations().stream().anyMatch(m ->
                        m.cluster().equals("member1") && m.type().equals("ApplyObject")
                                && m.body().path("object").path("spec").path("replicas").asInt() == 6
                                && m.body().path("object").path("metadata").path("annotations")
                                .path(FederatedTemplate.TEMPLATE_REPLICAS).asText().equals("9")))));
    }

    @Test
    void anotherMemberGetsACopyWithItsShareAndTheBindingLabel() {
        fixture.givenNoPriorActivity()
                .when(sync(0))
                .expectEventsMatching(events(scheduledWhere(s -> s.mutations().stream().anyMatch(m ->
                        m.cluster().equals("member2") && m.type().equals("ApplyObject")
                                && m.body().path("object").path("spec").path("replicas").asInt() == 3
                                && m.body().path("object").path("metadata").path("labels")
                                .path(FederatedTemplate.BINDING_LABEL).asText().equals("nginx-deployment")))));
    }

    @Test
    void aNewCopyIsMarkedAbsentSoTheGatewayCreatesItWithoutReading() {
        fixture.givenNoPriorActivity()
                .when(sync(0))
                .expectEventsMatching(events(scheduledWhere(s -> s.mutations().stream().anyMatch(m ->
                        m.cluster().equals("member2") && m.type().equals("ApplyObject")
                                && m.body().path("absent").asBoolean(false)))));
    }

    @Test
    void aRewrittenCopyIsNotMarkedAbsent() {
        TestExecutor<BindingAggregate> given = scheduled();
        ((com.fasterxml.jackson.databind.node.ObjectNode) inputs.template.path("spec").path("template").path("spec")
                .path("containers").get(0)).put("image", "nginx:2");
        given.when(sync(10))
                .expectEventsMatching(events(scheduledWhere(s -> mutation(s, "member2", "ApplyObject", 3)
                        && s.mutations().stream().noneMatch(m -> m.body().has("absent")))));
    }

    @Test
    void aDecisionOnMembersNotYetRecordedCarriesThemInlineWithTheirDigest() {
        fixture.givenNoPriorActivity()
                .when(sync(0))
                .expectEventsMatching(events(scheduledWhere(s -> s.inputs().members().equals(inputs.members)
                        && s.inputs().fleet().equals(FleetSnapshots.digest(inputs.members))
                        && "member1".equals(s.inputs().host()))));
    }

    @Test
    void aDecisionOnMembersAlreadyRecordedRefersToThemByDigestOnly() {
        inputs.fleetRecorded = true;
        fixture.givenNoPriorActivity()
                .when(sync(0))
                .expectEventsMatching(events(scheduledWhere(s -> s.inputs().members() == null
                        && s.inputs().fleet().equals(FleetSnapshots.digest(inputs.members))
                        && s.assignment().equals(Map.of("member1", 6, "member2", 3)))));
    }

    @Test
    void theHostsWriteIsRememberedFromADecisionThatRefersToItsMembersByDigest() {
        inputs.fleetRecorded = true;
        scheduled().when(sync(5)).expectNoEvents();
    }

    @Test
    void aSyncThatChangesNothingRecordsNothing() {
        scheduled().when(sync(5)).expectNoEvents();
    }

    @Test
    void aUserScaleOfTheTemplateBecomesTheNewTotal() {
        TestExecutor<BindingAggregate> given = scheduled();
        ((com.fasterxml.jackson.databind.node.ObjectNode) inputs.template.get("spec")).put("replicas", 3);
        given.when(sync(10))
                .expectEventsMatching(events(scheduledWhere(s -> s.assignment().equals(Map.of("member1", 2, "member2", 1))
                        && "ReplicasChanged".equals(s.trigger()) && mutation(s, "member2", "Scale", 1)
                        && mutation(s, "member1", "ApplyObject", 2))));
    }

    @Test
    void aScaleTellsTheGatewayWhatTheCopyHeldBefore() {
        TestExecutor<BindingAggregate> given = scheduled();
        ((com.fasterxml.jackson.databind.node.ObjectNode) inputs.template.get("spec")).put("replicas", 3);
        given.when(sync(10))
                .expectEventsMatching(events(scheduledWhere(s -> s.mutations().stream().anyMatch(m -> m.type().equals("Scale")
                        && m.body().path("replicas").asInt() == 1 && m.body().path("from").asInt() == 3))));
    }

    @Test
    void anUnreachableMemberFailsOverToTheOthers() {
        TestExecutor<BindingAggregate> given = scheduled();
        inputs.members.set(1, unreachable("member2"));
        given.when(sync(40))
                .expectEventsMatching(events(scheduledWhere(s -> s.assignment().equals(Map.of("member1", 9))
                        && s.inputs().evicted().equals(List.of("member2")) && mutation(s, "member1", "ApplyObject", 9)
                        && s.mutations().stream().anyMatch(m -> m.cluster().equals("member2")
                        && m.type().equals("DeleteObject")))));
    }

    @Test
    void aRecoveredMemberStaysFailedOverWithoutFailback() {
        TestExecutor<BindingAggregate> given = failedOver();
        inputs.members.set(1, ready("member2", false, 20L));
        given.when(sync(60))
                .expectNoEvents();
    }

    @Test
    void aRecoveredMemberArmsTheFailbackTimer() {
        inputs.policy = FederationFixtures.withFailback(inputs.policy, 30);
        TestExecutor<BindingAggregate> given = failedOver();
        inputs.members.set(1, new io.meridian.command.federation.api.MemberView("member2", true, T0.plusSeconds(50),
                false, 20L));
        given.when(sync(60))
                .expectEvents(new BindingFailbackScheduled(ID, "member2", T0.plusSeconds(50), T0.plusSeconds(80)))
                .expectScheduledDeadlineWithName(T0.plusSeconds(80), BindingAggregate.FAILBACK_DEADLINE);
    }

    @Test
    void theFailbackTimerFiresADueFailbackOnceStable() {
        inputs.policy = FederationFixtures.withFailback(inputs.policy, 30);
        TestExecutor<BindingAggregate> given = failedOver();
        inputs.members.set(1, new io.meridian.command.federation.api.MemberView("member2", true, T0.plusSeconds(50),
                false, 20L));
        given.andGivenCommands(sync(60))
                .whenTimeAdvancesTo(T0.plusSeconds(81))
                .expectEvents(new BindingFailbackDue(ID, "member2", T0.plusSeconds(50), T0.plusSeconds(80)));
    }

    @Test
    void aRescheduleDividesAfreshAndAnswersThePlan() {
        TestExecutor<BindingAggregate> given = failedOver();
        inputs.members.set(1, ready("member2", false, 20L));
        given.when(new RescheduleBinding(ID, "failback", false, T0.plusSeconds(100)))
                .expectResultMessagePayload(new ReschedulePlan(Map.of("member1", 9), Map.of("member1", 6, "member2", 3)))
                .expectEventsMatching(events(
                        scheduledWhere(s -> "FRESH".equals(s.mode()) && "RescheduleRequired".equals(s.trigger())
                                && mutation(s, "member2", "ApplyObject", 3)),
                        payload(BindingRescheduled.class)));
    }

    @Test
    void aRescheduleAskedBeforeTheLastScheduleIsStillFresh() {
        TestExecutor<BindingAggregate> given = failedOver();
        inputs.members.set(1, ready("member2", false, 20L));
        given.when(new RescheduleBinding(ID, "rb", false, T0.plusSeconds(30)))
                .expectResultMessagePayload(new ReschedulePlan(Map.of("member1", 9), Map.of("member1", 6, "member2", 3)))
                .expectEventsMatching(events(scheduledWhere(s -> "FRESH".equals(s.mode())), payload(BindingRescheduled.class)));
    }

    @Test
    void aRescheduleAskedAgainAtTheSameTimeIsNotFreshAgain() {
        TestExecutor<BindingAggregate> given = failedOver();
        inputs.members.set(1, ready("member2", false, 20L));
        given.andGivenCommands(new RescheduleBinding(ID, "rb", false, T0.plusSeconds(100)));
        given.when(new RescheduleBinding(ID, "rb", false, T0.plusSeconds(100)))
                .expectNoEvents();
    }

    @Test
    void aSyncAfterARescheduleAskedInThePastDoesNotRescheduleAgain() {
        TestExecutor<BindingAggregate> given = failedOver();
        inputs.members.set(1, ready("member2", false, 20L));
        given.andGivenCommands(new RescheduleBinding(ID, "rb", false, T0.plusSeconds(30)));
        inputs.template = hostCopy(9, 6);
        given.when(sync(120)).expectEventsMatching(events());
    }

    @Test
    void aRescheduleIsCompletedWhenTheCopiesHoldTheAssignment() {
        TestExecutor<BindingAggregate> given = failedOver();
        inputs.members.set(1, ready("member2", false, 20L));
        given.andGivenCommands(new RescheduleBinding(ID, "rb", false, T0.plusSeconds(100)));
        inputs.copies.put("member1", new BindingSource.CopyState(6, 6));
        inputs.copies.put("member2", new BindingSource.CopyState(3, 0));
        inputs.template = hostCopy(9, 6);
        given.when(sync(110))
                .expectEvents(new BindingRescheduleCompleted(ID, "rb", Map.of("member1", 6, "member2", 3),
                        T0.plusSeconds(110)));
    }

    @Test
    void aScheduledBindingSaysItInvolvesTheClustersItIsAssignedTo() {
        fixture.givenNoPriorActivity().when(sync(0));
        assertThat(inputs.involved.get(ID)).containsExactlyInAnyOrder("member1", "member2");
    }

    @Test
    void aBindingFailedOverStillSaysItInvolvesTheClusterItLeft() {
        failedOver();
        assertThat(inputs.involved.get(ID)).contains("member2");
    }

    @Test
    void aRescheduleNotInPlaceSaysWhichCopiesEndItsWait() {
        TestExecutor<BindingAggregate> given = failedOver();
        inputs.members.set(1, ready("member2", false, 20L));
        given.andGivenCommands(new RescheduleBinding(ID, "rb", false, T0.plusSeconds(100)));
        assertThat(inputs.awaited).containsEntry(ID, Map.of("member1", 6, "member2", 3));
    }

    @Test
    void aBindingWithNoRescheduleSaysItWaitsForNoCopy() {
        fixture.givenNoPriorActivity().when(sync(0));
        assertThat(inputs.awaiting).containsEntry(ID, false);
    }

    @Test
    void aBindingSaysItWaitsForItsCopiesUntilTheRescheduleIsInPlace() {
        TestExecutor<BindingAggregate> given = failedOver();
        inputs.members.set(1, ready("member2", false, 20L));
        given.andGivenCommands(new RescheduleBinding(ID, "rb", false, T0.plusSeconds(100)));
        boolean whileMoving = inputs.awaiting.get(ID);
        inputs.copies.put("member1", new BindingSource.CopyState(6, 6));
        inputs.copies.put("member2", new BindingSource.CopyState(3, 0));
        inputs.template = hostCopy(9, 6);
        given.when(sync(110));

        assertThat(whileMoving).isTrue();
        assertThat(inputs.awaiting).containsEntry(ID, false);
    }

    @Test
    void aRescheduleThatPreservesAvailabilityAddsBeforeItRemoves() {
        TestExecutor<BindingAggregate> given = failedOver();
        inputs.members.set(1, ready("member2", false, 20L));
        inputs.copies.put("member1", new BindingSource.CopyState(9, 9));
        given.when(new RescheduleBinding(ID, "rb", true, T0.plusSeconds(100)))
                .expectEventsMatching(events(
                        p -> p instanceof io.meridian.command.federation.api.BindingRolloutStarted r
                                && r.availableAtStart() == 9,
                        scheduledWhere(s -> s.assignment().equals(Map.of("member1", 6, "member2", 3))
                                && s.applied().equals(Map.of("member1", 9, "member2", 3))),
                        payload(BindingRescheduled.class)));
    }

    @Test
    void aRolloutStepsOnOnceTheNewReplicasAreReady() {
        TestExecutor<BindingAggregate> given = failedOver();
        inputs.members.set(1, ready("member2", false, 20L));
        inputs.copies.put("member1", new BindingSource.CopyState(9, 9));
        given.andGivenCommands(new RescheduleBinding(ID, "rb", true, T0.plusSeconds(100)));
        inputs.copies.put("member2", new BindingSource.CopyState(3, 3));
        given.when(sync(110))
                .expectEventsMatching(events(scheduledWhere(s -> BindingPlanner.ROLLOUT_STEP.equals(s.trigger())
                        && s.applied().equals(Map.of("member1", 6, "member2", 3)) && mutation(s, "member1", "ApplyObject", 6))));
    }

    @Test
    void aRescheduleOfAnUnknownBindingFails() {
        fixture.givenNoPriorActivity()
                .when(new RescheduleBinding(ID, "rb", false, T0))
                .expectException(AggregateNotFoundException.class);
    }

    @Test
    void aDryRunAnswersThePlanAndRecordsNothing() {
        TestExecutor<BindingAggregate> given = failedOver();
        inputs.members.set(1, ready("member2", false, 20L));
        given.when(new PlanBindingReschedule(ID, T0.plusSeconds(100)))
                .expectResultMessagePayload(new ReschedulePlan(Map.of("member1", 9), Map.of("member1", 6, "member2", 3)))
                .expectNoEvents();
    }

    @Test
    void aDeletedTemplateDeletesTheOtherMembersCopies() {
        TestExecutor<BindingAggregate> given = scheduled();
        inputs.template = null;
        given.when(sync(10))
                .expectEventsMatching(events(p -> p instanceof BindingReleased r
                        && r.mutations().size() == 1 && r.mutations().get(0).cluster().equals("member2")
                        && r.mutations().get(0).type().equals("DeleteObject")));
    }

    @Test
    void duplicatedGivesEveryClusterTheTotal() {
        inputs.policy = FederationFixtures.policy("{\"replicaScheduling\":{\"replicaSchedulingType\":\"Duplicated\"}}", null);
        fixture.givenNoPriorActivity()
                .when(sync(0))
                .expectEventsMatching(events(scheduledWhere(s -> s.assignment().equals(Map.of("member1", 9, "member2", 9)))));
    }

    @Test
    void dynamicWeightsFollowFreeCapacity() {
        inputs.policy = FederationFixtures.policy("""
                {"replicaScheduling":{"replicaSchedulingType":"Divided","replicaDivisionPreference":"Weighted",
                  "weightPreference":{"dynamicWeight":"AvailableReplicas"}}}""", null);
        inputs.template = deployment(8);
        inputs.members.set(0, ready("member1", true, 10L));
        inputs.members.set(1, ready("member2", false, 30L));
        fixture.givenNoPriorActivity()
                .when(sync(0))
                .expectEventsMatching(events(scheduledWhere(s -> s.assignment().equals(Map.of("member1", 2, "member2", 6)))));
    }

    @Test
    void aTemplateChangeRewritesTheCopies() {
        TestExecutor<BindingAggregate> given = scheduled();
        ((com.fasterxml.jackson.databind.node.ObjectNode) inputs.template.path("spec").path("template").path("spec")
                .path("containers").get(0)).put("image", "nginx:2");
        given.when(sync(10))
                .expectEventsMatching(events(scheduledWhere(s -> BindingPlanner.TEMPLATE_CHANGED.equals(s.trigger())
                        && s.mode() == null && mutation(s, "member2", "ApplyObject", 3))));
    }

    @Test
    void aScheduleWithNoReadyClusterRecordsTheFailureAndWritesNothing() {
        inputs.members.set(0, unreachable("member1"));
        inputs.members.set(1, unreachable("member2"));
        fixture.givenNoPriorActivity()
                .when(sync(0))
                .expectEventsMatching(events(scheduledWhere(s -> s.failure() != null && s.mutations().isEmpty()
                        && s.assignment().isEmpty())));
    }

    @Test
    void aFailedScheduleIsRetriedOnTheNextSync() {
        inputs.members.set(0, unreachable("member1"));
        inputs.members.set(1, unreachable("member2"));
        TestExecutor<BindingAggregate> given = fixture.givenCommands(sync(0));
        inputs.members.set(0, ready("member1", true, 20L));
        inputs.members.set(1, ready("member2", false, 20L));
        given.when(sync(5))
                .expectEventsMatching(events(scheduledWhere(s -> s.failure() == null
                        && s.assignment().equals(Map.of("member1", 6, "member2", 3)))));
    }

    @Test
    void withoutAHostNothingIsRecorded() {
        fixture = new AggregateTestFixture<>(BindingAggregate.class);
        fixture.registerInjectableResource((BindingInputs) id -> java.util.Optional.empty());
        fixture.givenNoPriorActivity().when(sync(0)).expectNoEvents();
    }
}
