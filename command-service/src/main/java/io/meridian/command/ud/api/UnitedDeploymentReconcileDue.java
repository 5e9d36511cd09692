package io.meridian.command.ud.api;

import java.time.Instant;

/** The reconcile deadline fired (an adaptive timer or a requeue of the kernel). */
public record UnitedDeploymentReconcileDue(String id, Instant at) {
}
