package io.meridian.command.rebalancer.feed;

import io.meridian.command.federation.api.BindingRescheduleCompleted;
import io.meridian.command.federation.api.PlanBindingReschedule;
import io.meridian.command.federation.api.ReschedulePlan;
import io.meridian.command.federation.api.RescheduleBinding;
import io.meridian.command.rebalancer.api.RebalancerApi;
import io.meridian.command.rebalancer.api.RebalancerReconciled;
import io.meridian.command.rebalancer.api.RecordRescheduleOutcomes;
import io.meridian.command.rebalancer.api.RescheduleOutcome;
import io.meridian.command.rebalancer.api.RescheduleRequest;
import io.meridian.command.ud.api.PlanUnitedDeploymentReschedule;
import io.meridian.command.ud.api.RescheduleUnitedDeployment;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Sends what a rebalancer decided to ask (RescheduleBinding, RescheduleUnitedDeployment or their Plan* dry runs)
 * and brings the answers of one decision back to the rebalancer as one {@link RecordRescheduleOutcomes}; also
 * forwards a binding's {@link BindingRescheduleCompleted} to the rebalancer that asked. The handlers run in the
 * tracking processor {@value #GROUP} (starting at the head of the stream: a new processor never re-sends old
 * requests); the commands go out on a small pool, each in its own unit of work, so a missing binding rolls back only
 * its own command. Requests lost with a crash are asked again when the rebalancer resumes at start.
 */
@Component
@ProcessingGroup(RescheduleDispatcher.GROUP)
public class RescheduleDispatcher implements DisposableBean {
    public static final String GROUP = "rebalancer-dispatch";
    static final long ANSWER_SECONDS = 60;
    private static final int SENDERS = 4;
    private static final Logger log = LoggerFactory.getLogger(RescheduleDispatcher.class);
    private final CommandGateway commands;
    private final Clock clock;
    private final ExecutorService senders;

    public RescheduleDispatcher(CommandGateway commands, Clock clock) {
        this.commands = commands;
        this.clock = clock;
        AtomicInteger n = new AtomicInteger();
        this.senders = Executors.newFixedThreadPool(SENDERS, r -> {
            Thread thread = new Thread(r, "rebalancer-send-" + n.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    @EventHandler
    void on(RebalancerReconciled event) {
        if (event.requests().isEmpty()) {
            return;
        }
        // a reschedule is triggered at the rebalancer's creation (a plan is asked about now)
        Instant createdAt = event.object() == null ? event.at() : event.object().createdAt();
        Map<String, CompletableFuture<RescheduleOutcome>> answers = new LinkedHashMap<>();
        for (RescheduleRequest request : event.requests()) {
            answers.put(request.targetId(), ask(event.id(), request, request.dryRun() ? event.at() : createdAt));
        }
        CompletableFuture.allOf(answers.values().toArray(CompletableFuture[]::new))
                .thenCompose(done -> {
                    Map<String, RescheduleOutcome> outcomes = new LinkedHashMap<>();
                    answers.forEach((target, answer) -> outcomes.put(target, answer.join()));
                    return commands.send(new RecordRescheduleOutcomes(event.id(), outcomes, clock.instant()));
                })
                .whenComplete((ignored, error) -> {
                    if (error != null) {
                        log.warn("answers not recorded on {}: {}", event.id(), error.toString());
                    }
                });
    }

    @EventHandler
    void on(BindingRescheduleCompleted event) {
        if (event.requestedBy() != null && event.requestedBy().startsWith(RebalancerApi.aggregateId(""))) {
            ReschedulePlan plan = new ReschedulePlan(event.assignment(), event.assignment());
            commands.send(RecordRescheduleOutcomes.one(event.requestedBy(), event.bindingId(),
                    RescheduleOutcome.completed(plan), event.at()));
        }
    }

    private CompletableFuture<RescheduleOutcome> ask(String rebalancerId, RescheduleRequest request, Instant at) {
        return CompletableFuture.supplyAsync(() -> commands.send(command(rebalancerId, request, at)), senders)
                .thenCompose(sent -> sent)
                .orTimeout(ANSWER_SECONDS, TimeUnit.SECONDS)
                .handle((answer, error) -> RescheduleAnswers.outcome(request, answer, error));
    }

    /** The command that carries the request; {@code rebalancerId} is the requestedBy of a real reschedule. */
    public static Object command(String rebalancerId, RescheduleRequest request, Instant at) {
        boolean binding = request.targetType() == RescheduleRequest.TargetType.Binding;
        if (request.dryRun()) {
            return binding ? new PlanBindingReschedule(request.targetId(), at)
                    : new PlanUnitedDeploymentReschedule(request.targetId(), at);
        }
        return binding ? new RescheduleBinding(request.targetId(), rebalancerId, request.preserveAvailable(), at)
                : new RescheduleUnitedDeployment(request.targetId(), rebalancerId, at);
    }

    @Override
    public void destroy() {
        senders.shutdownNow();
    }
}
