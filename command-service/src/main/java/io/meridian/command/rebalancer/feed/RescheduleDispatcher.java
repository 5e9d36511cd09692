package io.meridian.command.rebalancer.feed;

import io.meridian.command.federation.api.BindingRescheduleCompleted;
import io.meridian.command.federation.api.PlanBindingReschedule;
import io.meridian.command.federation.api.ReschedulePlan;
import io.meridian.command.federation.api.RescheduleBinding;
import io.meridian.command.rebalancer.api.RebalancerApi;
import io.meridian.command.rebalancer.api.RebalancerReconciled;
import io.meridian.command.rebalancer.api.RecordRescheduleOutcome;
import io.meridian.command.rebalancer.api.RescheduleOutcome;
import io.meridian.command.rebalancer.api.RescheduleRequest;
import io.meridian.command.ud.api.PlanUnitedDeploymentReschedule;
import io.meridian.command.ud.api.RescheduleUnitedDeployment;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Sends what a rebalancer decided to ask (RescheduleBinding, RescheduleUnitedDeployment or their Plan* dry runs)
 * and brings each answer back to the rebalancer as {@link RecordRescheduleOutcome}; also forwards a binding's
 * {@link BindingRescheduleCompleted} to the rebalancer that asked. Runs in the tracking processor
 * {@value #GROUP}, starting at the head of the stream (a new processor never re-sends old requests).
 */
@Component
@ProcessingGroup(RescheduleDispatcher.GROUP)
public class RescheduleDispatcher {
    public static final String GROUP = "rebalancer-dispatch";
    private static final Logger log = LoggerFactory.getLogger(RescheduleDispatcher.class);
    private final CommandGateway commands;
    private final Clock clock;

    public RescheduleDispatcher(CommandGateway commands, Clock clock) {
        this.commands = commands;
        this.clock = clock;
    }

    @EventHandler
    void on(RebalancerReconciled event) {
        // a reschedule is triggered at the rebalancer's creation (a plan is asked about now)
        event.requests().forEach(request -> dispatch(event.id(), request,
                request.dryRun() || event.object() == null ? event.at() : event.object().createdAt()));
    }

    @EventHandler
    void on(BindingRescheduleCompleted event) {
        if (event.requestedBy() != null && event.requestedBy().startsWith(RebalancerApi.aggregateId(""))) {
            ReschedulePlan plan = new ReschedulePlan(event.assignment(), event.assignment());
            commands.send(new RecordRescheduleOutcome(event.requestedBy(), event.bindingId(),
                    RescheduleOutcome.completed(plan), event.at()));
        }
    }

    CompletableFuture<Object> dispatch(String rebalancerId, RescheduleRequest request, Instant at) {
        return commands.send(command(rebalancerId, request, at))
                .handle((answer, error) -> RescheduleAnswers.outcome(request, answer, error))
                .thenCompose(outcome -> commands.send(
                        new RecordRescheduleOutcome(rebalancerId, request.targetId(), outcome, clock.instant())))
                .whenComplete((ignored, error) -> {
                    if (error != null) {
                        log.warn("answer of {} not recorded on {}: {}", request.targetId(), rebalancerId, error.toString());
                    }
                });
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
}
