package io.meridian.command.probe;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import java.util.Arrays;
import java.util.List;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.TargetAggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

/** A throw-away aggregate that proves the Axon + JDBC + PostgreSQL wiring. */
@Aggregate
public class ProbeAggregate {
    public record OpenProbe(@TargetAggregateIdentifier String id) {
    }

    public record ProbeOpened(String id) {
    }

    /** Answers the classes on the handler's call stack: what Axon wrapped around it. */
    public record ShowCallers(@TargetAggregateIdentifier String id) {
    }

    @AggregateIdentifier
    private String id;

    protected ProbeAggregate() {
    }

    @CommandHandler
    public ProbeAggregate(OpenProbe command) {
        apply(new ProbeOpened(command.id()));
    }

    @CommandHandler
    List<String> handle(ShowCallers command) {
        return Arrays.stream(Thread.currentThread().getStackTrace()).map(StackTraceElement::getClassName).toList();
    }

    @EventSourcingHandler
    void on(ProbeOpened event) {
        this.id = event.id();
    }
}
