package io.meridian.core.ud.plan;

import io.fabric8.kubernetes.api.model.Condition;
import io.meridian.core.ud.model.Conditions;
import io.meridian.core.ud.model.UnitedDeploymentStatus;
import java.time.Instant;
import java.util.List;

/**
 * The {@code UnitedDeploymentUpdated} condition. Updating is False and Updated is True, so the transition
 * time marks when an update to a new revision began (the reservation update timeout counts from it).
 */
final class RevisionCondition {
    static final String REASON_UPDATING = "UnitedDeploymentRevisionUpdating";
    static final String REASON_UPDATED = "UnitedDeploymentRevisionUpdated";

    private RevisionCondition() {
    }

    static List<Condition> set(List<Condition> conditions, String currentRevision, String updatedRevision,
                               Instant now) {
        boolean updated = updatedRevision != null && updatedRevision.equals(currentRevision);
        Condition condition = updated
                ? Conditions.of(UnitedDeploymentStatus.UNITED_DEPLOYMENT_UPDATED, Conditions.TRUE, REASON_UPDATED,
                        "updated to revision " + updatedRevision, now)
                : Conditions.of(UnitedDeploymentStatus.UNITED_DEPLOYMENT_UPDATED, Conditions.FALSE, REASON_UPDATING,
                        "updating to revision " + updatedRevision, now);
        return Conditions.set(conditions, condition);
    }

    static Instant lastTransition(List<Condition> conditions) {
        return conditions.stream()
                .filter(c -> UnitedDeploymentStatus.UNITED_DEPLOYMENT_UPDATED.equals(c.getType()))
                .findFirst().map(Conditions::lastTransition).orElse(Conditions.ZERO_TIME);
    }
}
