package io.meridian.command.rebalancer.feed;

import io.meridian.command.federation.BindingCommands;
import io.meridian.command.federation.api.BindingRescheduleCompleted;
import io.meridian.command.ud.api.UnitedDeploymentRescheduleCompleted;
import io.meridian.command.federation.api.PlanBindingReschedule;
import io.meridian.command.federation.api.ReschedulePlan;
import io.meridian.command.federation.api.RescheduleBinding;
import io.meridian.command.rebalancer.api.RebalancerApi;
import io.meridian.command.rebalancer.api.RebalancerReconciled;
import io.meridian.command.rebalancer.api.RebalancerRemoved;
import io.meridian.command.rebalancer.api.RecordRescheduleOutcomes;
import io.meridian.command.rebalancer.api.RescheduleOutcome;
import io.meridian.command.rebalancer.api.RescheduleRequest;
import io.meridian.command.rebalancer.api.WriteRebalancerStatus;
import io.meridian.command.ud.api.PlanUnitedDeploymentReschedule;
import io.meridian.command.ud.api.RescheduleUnitedDeployment;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Sends what a rebalancer decided to ask (RescheduleBinding, RescheduleUnitedDeployment or their Plan* dry runs)
 * and brings the answers back to the rebalancer, folded ({@link AnswerFolder}) into few
 * {@link RecordRescheduleOutcomes}; also forwards a binding's {@link BindingRescheduleCompleted} to the rebalancer
 * that asked, and sends a rebalancer's deferred status write when it is due. The handlers run in the tracking
 * processor {@value #GROUP} (starting at the head of the stream: a new processor never re-sends old requests) and
 * never send a command themselves: however many workloads a decision names, a handler only queues. The commands go
 * out from a pool of {@value #SENDERS} threads (at most that many in flight). A binding's reschedules go
 * {@value #TOGETHER} at a time in one unit of work ({@link BindingCommands#sendEach}), each in its own nested unit, so
 * a missing binding rolls back only its own command and the others are stored in one transaction; anything else goes
 * on its own. Requests lost with a crash are asked again when the rebalancer resumes at start.
 */
@Component
@ProcessingGroup(RescheduleDispatcher.GROUP)
public class RescheduleDispatcher implements DisposableBean {
    public static final String GROUP = "rebalancer-dispatch";
    static final long ANSWER_SECONDS = 60;
    static final Duration FOLD_WINDOW = Duration.ofMillis(20);
    static final int SENDERS = 4;
    /** Binding reschedules stored in one transaction: one append and one commit for them all, not one each. */
    static final int TOGETHER = 32;
    private static final Logger log = LoggerFactory.getLogger(RescheduleDispatcher.class);
    private final CommandGateway commands;
    private final BindingCommands together;
    private final Clock clock;
    private final ExecutorService senders;
    private final ScheduledExecutorService timer;
    private final AnswerFolder answers;
    private final Set<String> statusWrites = ConcurrentHashMap.newKeySet();

    @Autowired
    public RescheduleDispatcher(CommandGateway commands, Clock clock) {
        this(commands, clock, FOLD_WINDOW);
    }

    RescheduleDispatcher(CommandGateway commands, Clock clock, Duration foldWindow) {
        this.commands = commands;
        this.clock = clock;
        this.together = new BindingCommands(commands);
        this.senders = Executors.newFixedThreadPool(SENDERS, daemons("rebalancer-send-"));
        this.timer = Executors.newSingleThreadScheduledExecutor(daemons("rebalancer-answers-"));
        this.answers = new AnswerFolder(commands::send, timer, clock, foldWindow);
    }

    private static ThreadFactory daemons(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread thread = new Thread(r, prefix + n.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    @EventHandler
    void on(RebalancerReconciled event) {
        // a reschedule is triggered at the rebalancer's creation (a plan is asked about now)
        Instant createdAt = event.object() == null ? event.at() : event.object().createdAt();
        answers.expect(event.id(), event.requests().size());
        List<RescheduleRequest> batch = new ArrayList<>();
        for (RescheduleRequest request : event.requests()) {
            if (storedTogether(request)) {
                batch.add(request);
                if (batch.size() == TOGETHER) {
                    askTogether(event.id(), batch, createdAt);
                    batch = new ArrayList<>();
                }
            } else {
                senders.execute(() -> ask(event.id(), request, request.dryRun() ? event.at() : createdAt));
            }
        }
        if (!batch.isEmpty()) {
            askTogether(event.id(), batch, createdAt);
        }
        if (event.statusDueAt() != null) {
            writeStatusWhenDue(event.id(), event.statusDueAt());
        }
    }

    @EventHandler
    void on(RebalancerRemoved event) {
        answers.forget(event.id());
    }

    @EventHandler
    void on(BindingRescheduleCompleted event) {
        if (event.requestedBy() != null && event.requestedBy().startsWith(RebalancerApi.aggregateId(""))) {
            ReschedulePlan plan = new ReschedulePlan(event.assignment(), event.assignment());
            answers.add(event.requestedBy(), event.bindingId(), RescheduleOutcome.completed(plan));
        }
    }

    @EventHandler
    void on(UnitedDeploymentRescheduleCompleted event) {
        if (event.requestedBy() != null && event.requestedBy().startsWith(RebalancerApi.aggregateId(""))) {
            ReschedulePlan plan = new ReschedulePlan(event.after(), event.after());
            answers.add(event.requestedBy(), event.id(), RescheduleOutcome.completed(plan));
        }
    }

    /** A binding's reschedule is stored with others; a dry run stores nothing, a UnitedDeployment goes on its own. */
    private static boolean storedTogether(RescheduleRequest request) {
        return !request.dryRun() && request.targetType() == RescheduleRequest.TargetType.Binding;
    }

    /** Queues a batch: sent in one unit of work; when storing them together fails, each is asked on its own. */
    private void askTogether(String rebalancerId, List<RescheduleRequest> requests, Instant at) {
        List<RescheduleRequest> batch = List.copyOf(requests);
        senders.execute(() -> {
            List<CompletableFuture<Object>> sent;
            try {
                sent = together.sendEach(batch.stream().map(r -> command(rebalancerId, r, at)).toList());
            } catch (RuntimeException e) {
                log.info("{} reschedules sent together failed ({}); asking each on its own", batch.size(), e.toString());
                batch.forEach(request -> ask(rebalancerId, request, at));
                return;
            }
            for (int i = 0; i < batch.size(); i++) {
                RescheduleRequest request = batch.get(i);
                sent.get(i).whenComplete((answer, error) -> answers.add(rebalancerId, request.targetId(),
                        RescheduleAnswers.outcome(request, answer, error)));
            }
        });
    }

    private void ask(String rebalancerId, RescheduleRequest request, Instant at) {
        try {
            commands.send(command(rebalancerId, request, at))
                    .orTimeout(ANSWER_SECONDS, TimeUnit.SECONDS)
                    .whenComplete((answer, error) -> answers.add(rebalancerId, request.targetId(),
                            RescheduleAnswers.outcome(request, answer, error)));
        } catch (RuntimeException e) {
            answers.add(rebalancerId, request.targetId(), RescheduleAnswers.outcome(request, null, e));
        }
    }

    /** One pending write per rebalancer: later decisions while it waits are written with it. */
    private void writeStatusWhenDue(String rebalancerId, Instant due) {
        if (!statusWrites.add(rebalancerId)) {
            return;
        }
        long delay = Math.max(0, Duration.between(clock.instant(), due).toMillis());
        timer.schedule(() -> {
            statusWrites.remove(rebalancerId);
            commands.send(new WriteRebalancerStatus(rebalancerId, clock.instant())).whenComplete((ignored, error) -> {
                if (error != null) {
                    log.warn("status of {} not written: {}", rebalancerId, error.toString());
                }
            });
        }, delay, TimeUnit.MILLISECONDS);
    }

    /** The command that carries the request; {@code rebalancerId} is the requestedBy of a real reschedule. */
    public static Object command(String rebalancerId, RescheduleRequest request, Instant at) {
        boolean binding = request.targetType() == RescheduleRequest.TargetType.Binding;
        if (request.dryRun()) {
            return binding ? new PlanBindingReschedule(request.targetId(), at)
                    : new PlanUnitedDeploymentReschedule(request.targetId(), at);
        }
        return binding ? new RescheduleBinding(request.targetId(), rebalancerId, request.preserveAvailable(), at)
                : new RescheduleUnitedDeployment(request.targetId(), rebalancerId, request.preserveAvailable(), at);
    }

    @Override
    public void destroy() {
        senders.shutdownNow();
        timer.shutdownNow();
    }
}
