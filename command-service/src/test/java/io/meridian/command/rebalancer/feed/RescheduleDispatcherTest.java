package io.meridian.command.rebalancer.feed;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.command.federation.api.BindingApi;
import io.meridian.command.federation.api.BindingRescheduleCompleted;
import io.meridian.command.federation.api.PlanBindingReschedule;
import io.meridian.command.federation.api.ReschedulePlan;
import io.meridian.command.federation.api.RescheduleBinding;
import io.meridian.command.rebalancer.RebalancerTargets;
import io.meridian.command.rebalancer.api.RebalancerObject;
import io.meridian.command.rebalancer.api.RebalancerReconciled;
import io.meridian.command.rebalancer.api.RecordRescheduleOutcomes;
import io.meridian.command.rebalancer.api.RescheduleOutcome;
import io.meridian.command.rebalancer.api.RescheduleRequest;
import io.meridian.command.rebalancer.api.StatusChange;
import io.meridian.command.rebalancer.api.WriteRebalancerStatus;
import io.meridian.command.ud.api.RescheduleUnitedDeployment;
import io.meridian.command.ud.api.UnitedDeploymentRescheduleCompleted;
import io.meridian.core.karmada.rebalancer.WorkloadReference;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.axonframework.commandhandling.SimpleCommandBus;
import org.axonframework.commandhandling.gateway.DefaultCommandGateway;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The dispatcher over an in-memory command bus whose handlers stand in for the binding and UnitedDeployment. */
class RescheduleDispatcherTest {
    static final Instant CREATED = Instant.parse("2026-11-22T04:00:00Z");
    static final Instant NOW = CREATED.plusSeconds(30);
    static final ReschedulePlan PLAN = new ReschedulePlan(Map.of("member1", 4), Map.of("member1", 2, "member2", 2));
    static final WorkloadReference WEB = new WorkloadReference("apps/v1", "Deployment", "default", "web");
    static final WorkloadReference GONE = new WorkloadReference("apps/v1", "Deployment", "default", "gone");
    static final WorkloadReference UD = new WorkloadReference("apps.kruise.io/v1alpha1", "UnitedDeployment",
            "default", "ud");

    final SimpleCommandBus bus = SimpleCommandBus.builder().build();
    final List<Object> handled = new CopyOnWriteArrayList<>();
    final List<RecordRescheduleOutcomes> recorded = new CopyOnWriteArrayList<>();
    RescheduleDispatcher dispatcher;

    @BeforeEach
    void setUp() {
        bus.subscribe(RescheduleBinding.class.getName(), message -> {
            RescheduleBinding command = (RescheduleBinding) message.getPayload();
            handled.add(command);
            if (!command.bindingId().equals(BindingApi.aggregateId("default", "Deployment", "web"))) {
                throw new AggregateNotFoundException(command.bindingId(), "no binding");
            }
            return PLAN;
        });
        bus.subscribe(RescheduleUnitedDeployment.class.getName(), message -> {
            handled.add(message.getPayload());
            return PLAN;
        });
        bus.subscribe(RecordRescheduleOutcomes.class.getName(), message -> {
            recorded.add((RecordRescheduleOutcomes) message.getPayload());
            return null;
        });
        dispatcher = new RescheduleDispatcher(DefaultCommandGateway.builder().commandBus(bus).build(),
                Clock.fixed(NOW, ZoneOffset.UTC));
    }

    static RebalancerReconciled asking(RescheduleRequest... requests) {
        return decided(null, requests);
    }

    static RebalancerReconciled decided(Instant statusDueAt, RescheduleRequest... requests) {
        return new RebalancerReconciled("rebalancer:r",
                new RebalancerObject("host", "apps.karmada.io/v1alpha1", "r", "uid", CREATED), "d", "k", "created",
                null, new StatusChange(List.of(), List.of(), 1, null), statusDueAt != null, statusDueAt,
                List.of(requests), RebalancerReconciled.Next.of(RebalancerReconciled.Next.Kind.Waiting), "", NOW);
    }

    void awaitRecorded(int n) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (recorded.size() < n && System.nanoTime() < until) {
            Thread.sleep(10);
        }
    }

    static RescheduleOutcome only(RecordRescheduleOutcomes command) {
        assertThat(command.outcomes()).hasSize(1);
        return command.outcomes().values().iterator().next();
    }

    @Test
    void theHandlerOnlyQueuesTheRequestsWhichAreSentFromTheSenderPool() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        List<String> senders = new CopyOnWriteArrayList<>();
        bus.subscribe(PlanBindingReschedule.class.getName(), message -> {
            senders.add(Thread.currentThread().getName());
            release.await(10, TimeUnit.SECONDS);
            return PLAN;
        });

        dispatcher.on(asking(RebalancerTargets.request(WEB, "host", true, false),
                RebalancerTargets.request(GONE, "host", true, false)));
        // the handler returned while both commands are still being handled
        assertThat(recorded).isEmpty();
        release.countDown();
        awaitRecorded(1);

        assertThat(senders).hasSize(2).allMatch(name -> name.startsWith("rebalancer-send-"));
    }

    @Test
    void bindingReschedulesAreSentInOneUnitOfWorkAndAnsweredEachOnItsOwn() throws Exception {
        List<Object> roots = new CopyOnWriteArrayList<>();
        bus.subscribe(RescheduleBinding.class.getName(), message -> {
            roots.add(CurrentUnitOfWork.get().root());
            RescheduleBinding command = (RescheduleBinding) message.getPayload();
            if (command.bindingId().endsWith("/gone")) {
                throw new AggregateNotFoundException(command.bindingId(), "no binding");
            }
            return PLAN;
        });

        dispatcher.on(asking(RebalancerTargets.request(WEB, "host", false, false),
                RebalancerTargets.request(GONE, "host", false, false)));
        awaitAnswers(2);

        assertThat(roots).hasSize(2);
        assertThat(roots.get(0)).isSameAs(roots.get(1));
        Map<String, RescheduleOutcome> answers = new java.util.HashMap<>();
        recorded.forEach(r -> answers.putAll(r.outcomes()));
        assertThat(answers.get(RebalancerTargets.targetId(WEB, "host")).kind()).isEqualTo(RescheduleOutcome.Kind.Rescheduled);
        assertThat(answers.get(RebalancerTargets.targetId(GONE, "host")).kind()).isEqualTo(RescheduleOutcome.Kind.NotFound);
    }

    void awaitAnswers(int n) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (recorded.stream().mapToInt(r -> r.outcomes().size()).sum() < n && System.nanoTime() < until) {
            Thread.sleep(10);
        }
    }

    @Test
    void aDeferredStatusWriteIsSentWhenDue() throws Exception {
        List<Object> writes = new CopyOnWriteArrayList<>();
        bus.subscribe(WriteRebalancerStatus.class.getName(), message -> {
            writes.add(message.getPayload());
            return null;
        });

        dispatcher.on(decided(NOW));
        long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (writes.isEmpty() && System.nanoTime() < until) {
            Thread.sleep(10);
        }

        assertThat(writes).containsExactly(new WriteRebalancerStatus("rebalancer:r", NOW));
    }

    @Test
    void theAnswersOfOneDecisionAreRecordedTogether() throws Exception {
        // a window no machine load outlasts between two answers to one decision
        dispatcher.destroy();
        dispatcher = new RescheduleDispatcher(DefaultCommandGateway.builder().commandBus(bus).build(),
                Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofSeconds(2));
        dispatcher.on(asking(RebalancerTargets.request(WEB, "host", false, false),
                RebalancerTargets.request(GONE, "host", false, false)));
        awaitRecorded(1);

        assertThat(recorded).hasSize(1);
        assertThat(recorded.get(0).outcomes()).containsOnlyKeys(BindingApi.aggregateId("default", "Deployment", "web"),
                BindingApi.aggregateId("default", "Deployment", "gone"));
    }

    @Test
    void aRescheduleIsTriggeredAtTheRebalancersCreationAndItsPlanRecorded() throws Exception {
        dispatcher.on(asking(RebalancerTargets.request(WEB, "host", false, true)));
        awaitRecorded(1);

        assertThat(handled).containsExactly(new RescheduleBinding(BindingApi.aggregateId("default", "Deployment", "web"),
                "rebalancer:r", true, CREATED));
        assertThat(recorded).containsExactly(RecordRescheduleOutcomes.one("rebalancer:r",
                BindingApi.aggregateId("default", "Deployment", "web"), RescheduleOutcome.rescheduled(PLAN), NOW));
    }

    @Test
    void aMissingBindingIsRecordedAsNotFound() throws Exception {
        dispatcher.on(asking(RebalancerTargets.request(GONE, "host", false, false)));
        awaitRecorded(1);

        assertThat(only(recorded.get(0)).kind()).isEqualTo(RescheduleOutcome.Kind.NotFound);
    }

    @Test
    void aUnitedDeploymentsRescheduleIsCompleteAtOnce() throws Exception {
        dispatcher.on(asking(RebalancerTargets.request(UD, "host", false, false)));
        awaitRecorded(1);

        assertThat(handled).containsExactly(new RescheduleUnitedDeployment("ud:host/default/ud", "rebalancer:r", CREATED));
        assertThat(only(recorded.get(0))).isEqualTo(RescheduleOutcome.completed(PLAN));
    }

    @Test
    void aCommandNobodyHandlesIsAnErrorToRetry() throws Exception {
        dispatcher.on(asking(RebalancerTargets.request(WEB, "host", true, false)));
        awaitRecorded(1);

        assertThat(only(recorded.get(0)).kind()).isEqualTo(RescheduleOutcome.Kind.Error);
        assertThat(only(recorded.get(0)).detail()).startsWith("NoHandlerForCommandException");
    }

    @Test
    void aCompletedRolloutIsForwardedToTheRebalancerThatAsked() throws Exception {
        dispatcher.on(new BindingRescheduleCompleted("binding:default/Deployment/web", "rebalancer:r",
                Map.of("member2", 4), NOW));
        dispatcher.on(new BindingRescheduleCompleted("binding:default/Deployment/web", "failback", Map.of(), NOW));
        awaitRecorded(1);
        Thread.sleep(50);

        assertThat(recorded).containsExactly(RecordRescheduleOutcomes.one("rebalancer:r", "binding:default/Deployment/web",
                RescheduleOutcome.completed(new ReschedulePlan(Map.of("member2", 4), Map.of("member2", 4))), NOW));
    }

    @Test
    void aUnitedDeploymentRescheduledMakeBeforeBreakIsRollingUntilItReportsCompletion() throws Exception {
        dispatcher.on(asking(RebalancerTargets.request(UD, "host", false, true)));
        awaitRecorded(1);
        dispatcher.on(new UnitedDeploymentRescheduleCompleted("ud:host/default/ud", "rebalancer:r", Map.of("a", 4),
                "done", NOW));
        awaitRecorded(2);

        assertThat(handled).containsExactly(new RescheduleUnitedDeployment("ud:host/default/ud", "rebalancer:r", true,
                CREATED));
        assertThat(only(recorded.get(0))).isEqualTo(RescheduleOutcome.rescheduled(PLAN));
        assertThat(only(recorded.get(1))).isEqualTo(RescheduleOutcome.completed(
                new ReschedulePlan(Map.of("a", 4), Map.of("a", 4))));
    }
}
