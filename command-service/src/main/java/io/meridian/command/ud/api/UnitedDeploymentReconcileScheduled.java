package io.meridian.command.ud.api;

import java.time.Instant;

/** A reconcile with nothing to change moved the pending reconcile deadline to {@code dueAt}. */
public record UnitedDeploymentReconcileScheduled(String id, Instant dueAt) {
}
