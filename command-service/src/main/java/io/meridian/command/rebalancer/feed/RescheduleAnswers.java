package io.meridian.command.rebalancer.feed;

import io.meridian.command.federation.api.ReschedulePlan;
import io.meridian.command.rebalancer.api.RescheduleOutcome;
import io.meridian.command.rebalancer.api.RescheduleRequest;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.axonframework.modelling.command.AggregateNotFoundException;

/** What a target's answer (or failure) to a request means for the rebalancer. */
public final class RescheduleAnswers {
    private RescheduleAnswers() {
    }

    /**
     * No such aggregate: NotFound (Failed / ReferencedBindingNotFound). A plan: Planned for a dry run; for a
     * UnitedDeployment applied at once Completed; else Rescheduled (a binding, or a UnitedDeployment put in place
     * make-before-break, reports its completion later). Anything else: Error.
     */
    public static RescheduleOutcome outcome(RescheduleRequest request, Object answer, Throwable error) {
        if (error != null) {
            Throwable cause = unwrap(error);
            return cause instanceof AggregateNotFoundException
                    ? RescheduleOutcome.notFound(cause.getMessage())
                    : RescheduleOutcome.error(cause.getClass().getSimpleName() + ": " + cause.getMessage());
        }
        if (!(answer instanceof ReschedulePlan plan)) {
            return RescheduleOutcome.error("expected a ReschedulePlan, got " + answer);
        }
        if (request.dryRun()) {
            return RescheduleOutcome.planned(plan);
        }
        return request.targetType() == RescheduleRequest.TargetType.UnitedDeployment && !request.preserveAvailable()
                ? RescheduleOutcome.completed(plan) : RescheduleOutcome.rescheduled(plan);
    }

    private static Throwable unwrap(Throwable error) {
        Throwable current = error;
        while ((current instanceof CompletionException || current instanceof ExecutionException)
                && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }
}
