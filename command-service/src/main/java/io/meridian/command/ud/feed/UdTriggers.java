package io.meridian.command.ud.feed;

import io.meridian.command.outbound.MutationResultRoute;
import io.meridian.command.ud.api.RecordUnitedDeploymentMutationResult;
import io.meridian.command.ud.api.UnitedDeploymentMutationResultRecorded;
import io.meridian.command.ud.api.UnitedDeploymentReconcileDue;
import io.meridian.command.ud.api.UnitedDeploymentRescheduled;
import io.meridian.schemas.MutationResult;
import java.util.Optional;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.stereotype.Component;

/**
 * What makes a UnitedDeployment reconcile besides cluster changes: its deadline, a rebalancer's reschedule and
 * a failed mutation. Also routes the applier's results of its mutations back to it.
 */
@Component
@ProcessingGroup(UdFeedConfiguration.TRIGGERS)
public class UdTriggers implements MutationResultRoute {
    private final UdReconcileScheduler reconciles;

    public UdTriggers(UdReconcileScheduler reconciles) {
        this.reconciles = reconciles;
    }

    @EventHandler
    void on(UnitedDeploymentReconcileDue event) {
        reconciles.request(event.id(), "deadline " + event.at());
    }

    @EventHandler
    void on(UnitedDeploymentRescheduled event) {
        reconciles.request(event.id(), "rescheduled by " + event.requestedBy());
    }

    @EventHandler
    void on(UnitedDeploymentMutationResultRecorded event) {
        if (event.retry()) {
            reconciles.request(event.id(), "mutation " + event.mutationId() + " " + event.outcome());
        }
    }

    @Override
    public Optional<Object> command(String aggregateId, MutationResult result) {
        if (UdRef.parse(aggregateId).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new RecordUnitedDeploymentMutationResult(aggregateId, result.mutationId(),
                result.outcome().wire(), result.detail(), result.completedAt()));
    }
}
