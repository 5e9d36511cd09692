package io.meridian.command.member;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.member.api.MemberCapacityChanged;
import io.meridian.command.member.api.MemberClusterReady;
import io.meridian.command.member.api.MemberClusterRegistered;
import io.meridian.command.member.api.MemberClusterUnreachable;
import io.meridian.command.member.api.ReportCapacity;
import io.meridian.command.member.api.ReportHeartbeat;
import java.time.Instant;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.deadline.DeadlineManager;
import org.axonframework.deadline.annotation.DeadlineHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * A member cluster: registered on its first report, Ready while heartbeats arrive, Unreachable when
 * none came for {@code failover.unreachableSeconds} (an Axon deadline re-armed by every report).
 * A heartbeat that changes nothing records nothing.
 */
@Aggregate(cache = "memberClusterCache")
public class MemberClusterAggregate {
    public static final String UNREACHABLE_DEADLINE = "member-cluster-unreachable";

    @AggregateIdentifier
    private String cluster;
    private boolean ready;
    private JsonNode zones;

    protected MemberClusterAggregate() {
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public void handle(ReportHeartbeat command, DeadlineManager deadlines) {
        seen(command.cluster(), command.role(), command.at(), command.unreachableAfterSeconds(), deadlines);
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public void handle(ReportCapacity command, DeadlineManager deadlines) {
        seen(command.cluster(), null, command.at(), command.unreachableAfterSeconds(), deadlines);
        if (command.zones() != null && !command.zones().equals(zones)) {
            apply(new MemberCapacityChanged(command.cluster(), command.zones(), command.at()));
        }
    }

    private void seen(String name, String role, Instant at, long unreachableAfterSeconds, DeadlineManager deadlines) {
        if (cluster == null) {
            apply(new MemberClusterRegistered(name, role, at));
        }
        if (!ready) {
            apply(new MemberClusterReady(name, at));
        }
        // a heartbeat is not a decision: it records nothing and only re-arms the deadline
        deadlines.cancelAllWithinScope(UNREACHABLE_DEADLINE);
        deadlines.schedule(at.plusSeconds(unreachableAfterSeconds), UNREACHABLE_DEADLINE, at);
    }

    @DeadlineHandler(deadlineName = UNREACHABLE_DEADLINE)
    public void unreachable(Instant lastHeartbeat) {
        if (ready) {
            apply(new MemberClusterUnreachable(cluster, lastHeartbeat, lastHeartbeat));
        }
    }

    @EventSourcingHandler
    void on(MemberClusterRegistered event) {
        cluster = event.cluster();
    }

    @EventSourcingHandler
    void on(MemberClusterReady event) {
        ready = true;
    }

    @EventSourcingHandler
    void on(MemberClusterUnreachable event) {
        ready = false;
    }

    @EventSourcingHandler
    void on(MemberCapacityChanged event) {
        zones = event.zones();
    }
}
