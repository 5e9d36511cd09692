package io.meridian.command.rebalancer;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.meridian.command.federation.api.BindingApi;
import io.meridian.command.federation.api.ReschedulePlan;
import io.meridian.command.rebalancer.api.RebalancerApi;
import io.meridian.command.rebalancer.api.RebalancerReconciled;
import io.meridian.command.rebalancer.api.RebalancerReconciled.Next;
import io.meridian.command.rebalancer.api.RebalancerRegistered;
import io.meridian.command.rebalancer.api.RebalancerRemoved;
import io.meridian.command.rebalancer.api.RebalancerSpecChanged;
import io.meridian.command.rebalancer.api.RebalancerStatusWritten;
import io.meridian.command.rebalancer.api.RecordRescheduleOutcomes;
import io.meridian.command.rebalancer.api.RemoveRebalancer;
import io.meridian.command.rebalancer.api.RescheduleOutcome;
import io.meridian.command.rebalancer.api.RescheduleOutcomesRecorded;
import io.meridian.command.rebalancer.api.RescheduleRequest;
import io.meridian.command.rebalancer.api.StatusChange;
import io.meridian.command.rebalancer.api.UpsertRebalancer;
import io.meridian.command.rebalancer.api.WriteRebalancerStatus;
import io.meridian.command.ud.api.UnitedDeploymentApi;
import io.meridian.core.karmada.model.TargetCluster;
import io.meridian.core.karmada.rebalancer.ObservedWorkload;
import io.meridian.core.karmada.rebalancer.RebalancePlan;
import io.meridian.core.karmada.rebalancer.RebalancerMetadata;
import io.meridian.core.karmada.rebalancer.ResourceTemplate;
import io.meridian.core.karmada.rebalancer.WorkloadRebalancer;
import io.meridian.core.karmada.rebalancer.WorkloadRebalancerSpec;
import io.meridian.core.karmada.rebalancer.WorkloadRebalancerStatus;
import io.meridian.core.karmada.rebalancer.WorkloadResult;
import io.meridian.core.karmada.rebalancer.WorkloadReference;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.hamcrest.BaseMatcher;
import org.hamcrest.Description;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class WorkloadRebalancerAggregateTest {
    static final Instant T0 = Instant.parse("2026-11-22T04:00:00Z");
    static final String ID = RebalancerApi.aggregateId("demo");
    static final WorkloadReference WEB = new WorkloadReference("apps/v1", "Deployment", "default", "web");
    static final WorkloadReference API = new WorkloadReference("apps/v1", "Deployment", "default", "api");
    static final WorkloadReference UD = new WorkloadReference("apps.kruise.io/v1alpha1", "UnitedDeployment",
            "default", "ud");
    static final String WEB_BINDING = BindingApi.aggregateId("default", "Deployment", "web");
    static final String API_BINDING = BindingApi.aggregateId("default", "Deployment", "api");
    static final ReschedulePlan PLAN = new ReschedulePlan(Map.of("member1", 4), Map.of("member1", 2, "member2", 2));

    AggregateTestFixture<WorkloadRebalancerAggregate> fixture;
    Captured captured;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(WorkloadRebalancerAggregate.class);
        captured = new Captured();
    }

    static WorkloadRebalancer rebalancer(long generation, WorkloadRebalancerSpec spec) {
        return WorkloadRebalancer.of(new RebalancerMetadata("demo", T0, generation, "1"), spec, null);
    }

    static WorkloadRebalancerSpec spec(Integer ttl, WorkloadReference... workloads) {
        return WorkloadRebalancerSpec.of(List.of(workloads), ttl);
    }

    static UpsertRebalancer upsert(WorkloadRebalancer rebalancer) {
        return new UpsertRebalancer(ID, "host", "uid-1", rebalancer, List.of(), false, T0);
    }

    static RebalancerRegistered registered(WorkloadRebalancer rebalancer) {
        return new RebalancerRegistered(ID, "host", "uid-1", rebalancer, List.of(), T0);
    }

    /** The reconcile of creation, as the aggregate records it (given events need only the fields it reads). */
    static RebalancerReconciled asked(RescheduleRequest... requests) {
        return new RebalancerReconciled(ID, null, "d0", "k", "created", null,
                new StatusChange(List.of(), List.of(), 1, null), false, null, List.of(requests),
                Next.of(Next.Kind.Waiting), "", T0);
    }

    static RescheduleRequest request(WorkloadReference workload) {
        return RebalancerTargets.request(workload, "host", false, false);
    }

    static RecordRescheduleOutcomes answer(String target, RescheduleOutcome outcome, Instant at) {
        return RecordRescheduleOutcomes.one(ID, target, outcome, at);
    }

    RebalancerReconciled lastReconcile() {
        return captured.payloads.stream().filter(RebalancerReconciled.class::isInstance)
                .map(RebalancerReconciled.class::cast).reduce((a, b) -> b).orElseThrow();
    }

    /** The entry as the decision changed it. */
    static ObservedWorkload entry(RebalancerReconciled reconciled, WorkloadReference workload) {
        return java.util.Objects.requireNonNull(reconciled.statusChange().entry(workload), "no change of " + workload);
    }

    /** The whole status last written to the CR. */
    WorkloadRebalancerStatus written() {
        return captured.payloads.stream().filter(RebalancerStatusWritten.class::isInstance)
                .map(RebalancerStatusWritten.class::cast).reduce((a, b) -> b).orElseThrow().status();
    }

    @Test
    void creationRecordsPendingEntriesAndAsksEveryTarget() {
        fixture.givenNoPriorActivity()
                .when(upsert(rebalancer(1, spec(null, WEB, UD))))
                .expectEventsMatching(captured);

        assertThat(captured.payloads.get(0)).isInstanceOf(RebalancerRegistered.class);
        RebalancerReconciled reconciled = lastReconcile();
        assertThat(reconciled.statusChange().changed()).extracting(ObservedWorkload::result)
                .containsOnly(WorkloadResult.Pending);
        assertThat(written().observedWorkloads()).hasSize(2);
        assertThat(reconciled.requests()).extracting(RescheduleRequest::targetId)
                .containsExactlyInAnyOrder(WEB_BINDING, UnitedDeploymentApi.aggregateId("host", "default", "ud"));
        assertThat(reconciled.writeStatus()).isTrue();
        assertThat(reconciled.statusChange().finishTime()).isNull();
        assertThat(reconciled.next().kind()).isEqualTo(Next.Kind.Waiting);
        assertThat(reconciled.decisionId()).isNotBlank();
        assertThat(reconciled.kernelVersion()).isNotBlank();
        assertThat(reconciled.inputs().path("rebalancer").path("spec").path("workloads")).hasSize(2);
    }

    @Test
    void aRescheduledBindingMakesItsEntrySuccessfulAndFinishesTheRebalancer() {
        Instant answeredAt = T0.plusSeconds(2);
        fixture.given(registered(rebalancer(1, spec(null, WEB))), asked(request(WEB)))
                .when(answer(WEB_BINDING, RescheduleOutcome.rescheduled(PLAN), answeredAt))
                .expectEventsMatching(captured);

        assertThat(captured.payloads.get(0)).isEqualTo(
                new RescheduleOutcomesRecorded(ID, Map.of(WEB_BINDING, RescheduleOutcome.rescheduled(PLAN)), answeredAt));
        RebalancerReconciled reconciled = lastReconcile();
        assertThat(entry(reconciled, WEB).result()).isEqualTo(WorkloadResult.Successful);
        assertThat(reconciled.statusChange().finishTime()).isEqualTo(answeredAt);
        assertThat(written().finishTime()).isEqualTo(answeredAt);
        assertThat(reconciled.next().kind()).isEqualTo(Next.Kind.Done);
    }

    @Test
    void theAnswersOfABatchAreReconciledOnce() {
        fixture.given(registered(rebalancer(1, spec(null, WEB, API))), asked(request(WEB), request(API)))
                .when(new RecordRescheduleOutcomes(ID, Map.of(WEB_BINDING, RescheduleOutcome.rescheduled(PLAN),
                        API_BINDING, RescheduleOutcome.notFound("no binding")), T0.plusSeconds(1)))
                .expectEventsMatching(captured);

        assertThat(captured.payloads).extracting(Object::getClass).containsExactly(RescheduleOutcomesRecorded.class,
                RebalancerReconciled.class, RebalancerStatusWritten.class);
        assertThat(written().observedWorkloads()).extracting(ObservedWorkload::result)
                .containsExactly(WorkloadResult.Failed, WorkloadResult.Successful);
        assertThat(written().finishTime()).isEqualTo(T0.plusSeconds(1));
    }

    @Test
    void anAnswerForATargetItDidNotNameIsIgnored() {
        fixture.given(registered(rebalancer(1, spec(null, WEB))), asked(request(WEB)))
                .when(answer(API_BINDING, RescheduleOutcome.rescheduled(PLAN), T0.plusSeconds(1)))
                .expectNoEvents();
    }

    @Test
    void aMissingBindingFailsTheEntryWithReferencedBindingNotFound() {
        fixture.given(registered(rebalancer(1, spec(null, WEB))), asked(request(WEB)))
                .when(answer(WEB_BINDING, RescheduleOutcome.notFound("no binding"), T0.plusSeconds(1)))
                .expectEventsMatching(captured);

        ObservedWorkload web = entry(lastReconcile(), WEB);
        assertThat(web.result()).isEqualTo(WorkloadResult.Failed);
        assertThat(web.reason()).isEqualTo(ObservedWorkload.BINDING_NOT_FOUND);
    }

    @Test
    void aChangedListDropsThePendingEntryAndAsksOnlyTheNewWorkload() {
        fixture.givenCommands(upsert(rebalancer(1, spec(null, WEB))))
                .when(upsert(rebalancer(2, spec(null, API))))
                .expectEventsMatching(captured);

        assertThat(captured.payloads.get(0)).isInstanceOf(RebalancerSpecChanged.class);
        RebalancerReconciled reconciled = lastReconcile();
        assertThat(reconciled.statusChange().changed()).extracting(ObservedWorkload::workload).containsExactly(API);
        assertThat(reconciled.statusChange().removed()).containsExactly(WEB);
        assertThat(reconciled.statusChange().observedGeneration()).isEqualTo(2);
        assertThat(reconciled.requests()).extracting(RescheduleRequest::targetId).containsExactly(API_BINDING);
    }

    @Test
    void aSuccessfulEntryStaysWhenItsWorkloadLeavesTheList() {
        fixture.givenCommands(upsert(rebalancer(1, spec(null, WEB))),
                        answer(WEB_BINDING, RescheduleOutcome.rescheduled(PLAN), T0.plusSeconds(1)))
                .when(new UpsertRebalancer(ID, "host", "uid-1", rebalancer(2, spec(null, API)), List.of(), false,
                        T0.plusSeconds(5)))
                .expectEventsMatching(captured);

        assertThat(written().observedWorkloads()).extracting(ObservedWorkload::workload).containsExactly(API, WEB);
        assertThat(written().observedWorkloads().get(1).result()).isEqualTo(WorkloadResult.Successful);
    }

    @Test
    void anUnchangedSpecRecordsNothing() {
        fixture.given(registered(rebalancer(1, spec(null, WEB))), asked(request(WEB)))
                .when(upsert(rebalancer(1, spec(null, WEB))))
                .expectNoEvents();
    }

    @Test
    void theTtlDeletesTheFinishedRebalancerThroughADeadline() {
        Instant finished = T0.plusSeconds(1);
        fixture.givenCommands(upsert(rebalancer(1, spec(60, WEB))),
                        answer(WEB_BINDING, RescheduleOutcome.rescheduled(PLAN), finished))
                .whenTimeAdvancesTo(finished.plusSeconds(61))
                .expectEventsMatching(captured);

        RebalancerReconciled reconciled = lastReconcile();
        assertThat(reconciled.trigger()).isEqualTo("ttlSecondsAfterFinished");
        assertThat(reconciled.next().kind()).isEqualTo(Next.Kind.DeleteNow);
    }

    @Test
    void aFinishedRebalancerWithATtlSchedulesItsDeletion() {
        Instant finished = T0.plusSeconds(1);
        fixture.givenCommands(upsert(rebalancer(1, spec(60, WEB))))
                .when(answer(WEB_BINDING, RescheduleOutcome.rescheduled(PLAN), finished))
                .expectScheduledDeadlineWithName(finished.plusSeconds(60),
                        WorkloadRebalancerAggregate.TTL_DEADLINE);
    }

    @Test
    void aDryRunAsksForPlansAndShowsBeforeAndAfterInTheStatus() {
        WorkloadRebalancerSpec dryRun = new WorkloadRebalancerSpec(List.of(WEB), null, null, true, false);
        fixture.givenCommands(upsert(rebalancer(1, dryRun)))
                .when(answer(WEB_BINDING, RescheduleOutcome.planned(PLAN), T0.plusSeconds(1)))
                .expectEventsMatching(captured);

        ObservedWorkload web = entry(lastReconcile(), WEB);
        assertThat(web.result()).isEqualTo(WorkloadResult.Successful);
        assertThat(web.plan()).isEqualTo(new RebalancePlan(List.of(new TargetCluster("member1", 4)),
                List.of(new TargetCluster("member1", 2), new TargetCluster("member2", 2))));
    }

    @Test
    void aDryRunRequestIsAPlanRequest() {
        WorkloadRebalancerSpec dryRun = new WorkloadRebalancerSpec(List.of(WEB), null, null, true, false);
        fixture.givenNoPriorActivity()
                .when(upsert(rebalancer(1, dryRun)))
                .expectEventsMatching(captured);

        assertThat(lastReconcile().requests()).extracting(RescheduleRequest::dryRun).containsExactly(true);
    }

    @Test
    void theSelectorIsUnitedWithTheListedWorkloads() {
        WorkloadRebalancerSpec selecting = new WorkloadRebalancerSpec(List.of(WEB), null,
                new LabelSelectorBuilder().addToMatchLabels("tier", "low").build(), false, false);
        List<ResourceTemplate> templates = List.of(new ResourceTemplate(API, Map.of("tier", "low")),
                new ResourceTemplate(new WorkloadReference("apps/v1", "Deployment", "default", "db"),
                        Map.of("tier", "high")));
        fixture.givenNoPriorActivity()
                .when(new UpsertRebalancer(ID, "host", "uid-1", rebalancer(1, selecting), templates, false, T0))
                .expectEventsMatching(captured);

        assertThat(written().observedWorkloads()).extracting(ObservedWorkload::workload).containsExactly(API, WEB);
        assertThat(lastReconcile().requests()).extracting(RescheduleRequest::targetId)
                .containsExactlyInAnyOrder(WEB_BINDING, API_BINDING);
    }

    @Test
    void withPreserveAvailableTheEntryWaitsForTheCompletedRollout() {
        WorkloadRebalancerSpec preserving = new WorkloadRebalancerSpec(List.of(WEB), null, null, false, true);
        fixture.givenCommands(upsert(rebalancer(1, preserving)),
                        answer(WEB_BINDING, RescheduleOutcome.rescheduled(PLAN), T0.plusSeconds(1)))
                .when(answer(WEB_BINDING, RescheduleOutcome.completed(PLAN), T0.plusSeconds(9)))
                .expectEventsMatching(captured);

        assertThat(entry(lastReconcile(), WEB).result()).isEqualTo(WorkloadResult.Successful);
        assertThat(lastReconcile().statusChange().finishTime()).isEqualTo(T0.plusSeconds(9));
    }

    @Test
    void withPreserveAvailableARescheduleAloneKeepsTheEntryPending() {
        WorkloadRebalancerSpec preserving = new WorkloadRebalancerSpec(List.of(WEB), null, null, false, true);
        fixture.givenCommands(upsert(rebalancer(1, preserving)))
                .when(answer(WEB_BINDING, RescheduleOutcome.rescheduled(PLAN), T0.plusSeconds(1)))
                // the answer is recorded; the status (entry pending) does not change, so nothing is decided
                .expectEvents(new RescheduleOutcomesRecorded(ID, Map.of(WEB_BINDING,
                        RescheduleOutcome.rescheduled(PLAN)), T0.plusSeconds(1)));
    }

    @Test
    void anErrorIsAskedAgainWhenTheRetryDeadlineFires() {
        fixture.givenCommands(upsert(rebalancer(1, spec(null, WEB))),
                        answer(WEB_BINDING, RescheduleOutcome.error("timeout"), T0.plusSeconds(1)))
                .whenTimeAdvancesTo(T0.plusSeconds(2))
                .expectEventsMatching(captured);

        RebalancerReconciled reconciled = lastReconcile();
        assertThat(reconciled.trigger()).isEqualTo("retry");
        assertThat(reconciled.requests()).extracting(RescheduleRequest::targetId).containsExactly(WEB_BINDING);
    }

    @Test
    void aRemovedRebalancerIgnoresLateAnswers() {
        fixture.given(registered(rebalancer(1, spec(null, WEB))), asked(request(WEB)), new RebalancerRemoved(ID, T0))
                .when(answer(WEB_BINDING, RescheduleOutcome.rescheduled(PLAN), T0.plusSeconds(1)))
                .expectNoEvents();
    }

    @Test
    void aRecreatedRebalancerStartsAFreshLifecycle() {
        fixture.given(registered(rebalancer(1, spec(null, WEB))), asked(request(WEB)), new RebalancerRemoved(ID, T0))
                .when(new UpsertRebalancer(ID, "host", "uid-2", rebalancer(1, spec(null, WEB)), List.of(), false, T0))
                .expectEventsMatching(captured);

        assertThat(lastReconcile().requests()).extracting(RescheduleRequest::targetId).containsExactly(WEB_BINDING);
    }

    @Test
    void aDeletedCrIsRemoved() {
        fixture.given(registered(rebalancer(1, spec(null, WEB))))
                .when(new RemoveRebalancer(ID, "uid-1", T0))
                .expectEvents(new RebalancerRemoved(ID, T0));
    }

    @Test
    void resumingAfterARestartAsksUnansweredTargetsAgain() {
        fixture.given(registered(rebalancer(1, spec(null, WEB))), asked(request(WEB)))
                .when(new UpsertRebalancer(ID, "host", "uid-1", rebalancer(1, spec(null, WEB)), List.of(), true, T0))
                .expectEventsMatching(captured);

        assertThat(lastReconcile().requests()).extracting(RescheduleRequest::targetId).containsExactly(WEB_BINDING);
    }

    @Test
    void aDecisionRecordsOnlyTheEntriesThatChanged() {
        fixture.givenCommands(upsert(rebalancer(1, spec(null, WEB, API))))
                .when(answer(WEB_BINDING, RescheduleOutcome.rescheduled(PLAN), T0.plusSeconds(1)))
                .expectEventsMatching(captured);

        assertThat(lastReconcile().statusChange().changed()).extracting(ObservedWorkload::workload)
                .containsExactly(WEB);
        assertThat(lastReconcile().statusChange().removed()).isEmpty();
    }

    @Test
    void aStatusChangedSoonAfterTheLastWriteIsWrittenLater() {
        Instant answeredAt = T0.plusMillis(100);
        fixture.givenCommands(upsert(rebalancer(1, spec(null, WEB, API))))
                .when(answer(WEB_BINDING, RescheduleOutcome.rescheduled(PLAN), answeredAt))
                .expectEventsMatching(captured);

        assertThat(captured.payloads).noneMatch(RebalancerStatusWritten.class::isInstance);
        assertThat(lastReconcile().writeStatus()).isTrue();
        assertThat(lastReconcile().statusDueAt()).isEqualTo(T0.plus(WorkloadRebalancerAggregate.STATUS_WRITE_INTERVAL));
    }

    @Test
    void aStatusChangedAfterTheIntervalIsWrittenAtOnce() {
        Instant answeredAt = T0.plus(WorkloadRebalancerAggregate.STATUS_WRITE_INTERVAL);
        fixture.givenCommands(upsert(rebalancer(1, spec(null, WEB, API))))
                .when(answer(WEB_BINDING, RescheduleOutcome.rescheduled(PLAN), answeredAt))
                .expectEventsMatching(captured);

        assertThat(lastReconcile().statusDueAt()).isNull();
        assertThat(written().observedWorkloads()).extracting(ObservedWorkload::result)
                .containsExactly(WorkloadResult.Pending, WorkloadResult.Successful);
    }

    @Test
    void aLargeStatusIsWrittenLessOften() {
        WorkloadReference[] thousand = java.util.stream.IntStream.range(0, 1_000)
                .mapToObj(i -> new WorkloadReference("apps/v1", "Deployment", "default", "w" + i))
                .toArray(WorkloadReference[]::new);
        Instant afterTheShortInterval = T0.plus(WorkloadRebalancerAggregate.STATUS_WRITE_INTERVAL);
        fixture.givenCommands(upsert(rebalancer(1, spec(null, thousand))))
                .when(answer(BindingApi.aggregateId("default", "Deployment", "w0"), RescheduleOutcome.rescheduled(PLAN),
                        afterTheShortInterval))
                .expectEventsMatching(captured);

        assertThat(captured.payloads).noneMatch(RebalancerStatusWritten.class::isInstance);
        assertThat(lastReconcile().statusDueAt()).isEqualTo(T0.plusMillis(500));
    }

    @Test
    void theIntervalBetweenStatusWritesGrowsWithTheEntriesBeyondItsMinimum() {
        assertThat(WorkloadRebalancerAggregate.statusWriteInterval(2)).isEqualTo(Duration.ofMillis(300));
        assertThat(WorkloadRebalancerAggregate.statusWriteInterval(1_000)).isEqualTo(Duration.ofMillis(500));
        assertThat(WorkloadRebalancerAggregate.statusWriteInterval(5_000)).isEqualTo(Duration.ofMillis(2_500));
    }

    @Test
    void theLastAnswerWritesTheStatusAtOnceWhateverTheInterval() {
        fixture.givenCommands(upsert(rebalancer(1, spec(null, WEB))))
                .when(answer(WEB_BINDING, RescheduleOutcome.rescheduled(PLAN), T0.plusMillis(10)))
                .expectEventsMatching(captured);

        assertThat(written().finishTime()).isEqualTo(T0.plusMillis(10));
    }

    @Test
    void aDeferredStatusIsWrittenWhenItsWriteIsDue() {
        Instant due = T0.plus(WorkloadRebalancerAggregate.STATUS_WRITE_INTERVAL);
        fixture.givenCommands(upsert(rebalancer(1, spec(null, WEB, API))),
                        answer(WEB_BINDING, RescheduleOutcome.rescheduled(PLAN), T0.plusMillis(100)))
                .when(new WriteRebalancerStatus(ID, due))
                .expectEventsMatching(captured);

        assertThat(captured.payloads).hasSize(1);
        assertThat(written().observedWorkloads()).extracting(ObservedWorkload::result)
                .containsExactly(WorkloadResult.Pending, WorkloadResult.Successful);
    }

    @Test
    void aWriteWithNothingLeftToWriteRecordsNothing() {
        fixture.givenCommands(upsert(rebalancer(1, spec(null, WEB))))
                .when(new WriteRebalancerStatus(ID, T0.plusSeconds(1)))
                .expectNoEvents();
    }

    /** Keeps the payloads of the events the fixture saw, for assertions on fields that vary (decision ids). */
    static final class Captured extends BaseMatcher<List<EventMessage<?>>> {
        final List<Object> payloads = new ArrayList<>();

        @Override
        public boolean matches(Object item) {
            payloads.clear();
            ((List<?>) item).forEach(message -> payloads.add(((EventMessage<?>) message).getPayload()));
            return true;
        }

        @Override
        public void describeTo(Description description) {
            description.appendText("any events (captured)");
        }
    }
}
