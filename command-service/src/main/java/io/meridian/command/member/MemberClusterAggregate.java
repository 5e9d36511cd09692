package io.meridian.command.member;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.member.api.DeclareMemberUnreachable;
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
 * none came for {@code failover.unreachableSeconds}. The member's lease ({@link MemberLeases}) is watched in memory
 * ({@link LeaseWatch}), which declares it Unreachable when the lease ends. Its first report also arms an Axon deadline
 * at the end of the lease, a backstop for a restart of the service: when it fires, a lease renewed since moves it
 * {@value #BACKSTOP_LEASES} leases past the last report (a stored deadline per lease would cost the deadline store a
 * dozen statements per member per lease), otherwise the member is Unreachable. A report that changes nothing records
 * nothing.
 */
@Aggregate(cache = "memberClusterCache", commandTargetResolver = "cachingCommandTargetResolver")
public class MemberClusterAggregate {
    public static final String UNREACHABLE_DEADLINE = "member-cluster-unreachable";
    static final int BACKSTOP_LEASES = 10;

    @AggregateIdentifier
    private String cluster;
    private boolean ready;
    /** The last report before the member was last declared Unreachable. */
    private Instant silentSince;
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
        if (!ready && heardSinceSilence(at)) {
            apply(new MemberClusterReady(name, at));
        }
        // a heartbeat is not a decision: it records nothing and renews the lease
        leases.renew(name, at);
        if (ready && leases.startWatching(name, unreachableAfterSeconds)) {
            LeaseCheck check = new LeaseCheck(at, unreachableAfterSeconds);
            deadlines.cancelAllWithinScope(UNREACHABLE_DEADLINE);
            deadlines.schedule(check.dueAfter(1), UNREACHABLE_DEADLINE, check);
        }
    }

    /**
     * A report made no later than the last one before the silence (the newest report of each member is read again
     * once a restarted service has caught up with the cluster events) says nothing new: the member stays Unreachable.
     */
    private boolean heardSinceSilence(Instant at) {
        return silentSince == null || at.isAfter(silentSince);
    }

    @CommandHandler
    public void handle(DeclareMemberUnreachable command, DeadlineManager deadlines, MemberLeases leases) {
        if (renewedSince(command.lastReport(), leases) != null) {
            return;
        }
        if (ready) {
            deadlines.cancelAllWithinScope(UNREACHABLE_DEADLINE);
        }
        unreachable(command.lastReport(), leases);
    }

    @DeadlineHandler(deadlineName = UNREACHABLE_DEADLINE)
    public void leaseEnded(LeaseCheck check, DeadlineManager deadlines, MemberLeases leases) {
        if (!ready) {
            return; // declared Unreachable while this check was on its way: nothing is left to watch
        }
        Instant last = renewedSince(check.renewedAt(), leases);
        if (last == null) {
            unreachable(check.renewedAt(), leases);
            return;
        }
        LeaseCheck next = new LeaseCheck(last, check.unreachableAfterSeconds());
        deadlines.schedule(next.dueAfter(BACKSTOP_LEASES), UNREACHABLE_DEADLINE, next);
    }

    /** The lease's last renewal when it is after {@code report}, else null. */
    private Instant renewedSince(Instant report, MemberLeases leases) {
        return leases.renewedAt(cluster).filter(at -> at.isAfter(report)).orElse(null);
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
        silentSince = event.lastSeen();
    }

    @EventSourcingHandler
    void on(MemberCapacityChanged event) {
        zones = event.zones();
    }
}
