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
 * none came for {@code failover.unreachableSeconds}. The first report arms an Axon deadline at the end of the
 * member's lease ({@link MemberLeases}); when it fires, a lease renewed since moves the check to the new end,
 * otherwise the member is Unreachable. A heartbeat that changes nothing records nothing.
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
    public void handle(ReportHeartbeat command, DeadlineManager deadlines, MemberLeases leases) {
        seen(command.cluster(), command.role(), command.at(), command.unreachableAfterSeconds(), deadlines, leases);
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public void handle(ReportCapacity command, DeadlineManager deadlines, MemberLeases leases) {
        seen(command.cluster(), null, command.at(), command.unreachableAfterSeconds(), deadlines, leases);
        if (command.zones() != null && !command.zones().equals(zones)) {
            apply(new MemberCapacityChanged(command.cluster(), command.zones(), command.at()));
        }
    }

    private void seen(String name, String role, Instant at, long unreachableAfterSeconds, DeadlineManager deadlines,
                      MemberLeases leases) {
        if (cluster == null) {
            apply(new MemberClusterRegistered(name, role, at));
        }
        if (!ready) {
            apply(new MemberClusterReady(name, at));
        }
        // a heartbeat is not a decision: it records nothing and renews the lease
        leases.renew(name, at);
        if (leases.startWatching(name, unreachableAfterSeconds)) {
            LeaseCheck check = new LeaseCheck(at, unreachableAfterSeconds);
            deadlines.cancelAllWithinScope(UNREACHABLE_DEADLINE);
            deadlines.schedule(check.due(), UNREACHABLE_DEADLINE, check);
        }
    }

    @DeadlineHandler(deadlineName = UNREACHABLE_DEADLINE)
    public void leaseEnded(LeaseCheck check, DeadlineManager deadlines, MemberLeases leases) {
        Instant last = leases.renewedAt(cluster).filter(at -> at.isAfter(check.renewedAt())).orElse(null);
        if (last != null) {
            LeaseCheck next = new LeaseCheck(last, check.unreachableAfterSeconds());
            deadlines.schedule(next.due(), UNREACHABLE_DEADLINE, next);
            return;
        }
        unreachable(check.renewedAt(), leases);
    }

    /** A check armed before leases existed: every report re-armed it, so it firing means silence. */
    @DeadlineHandler(deadlineName = UNREACHABLE_DEADLINE)
    public void unreachable(Instant lastHeartbeat, MemberLeases leases) {
        leases.stopWatching(cluster);
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
