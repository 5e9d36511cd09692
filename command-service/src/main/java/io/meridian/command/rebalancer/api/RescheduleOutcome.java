package io.meridian.command.rebalancer.api;

import io.meridian.command.federation.api.ReschedulePlan;

/**
 * One answer about one target: a fresh reschedule decided ({@link Kind#Rescheduled}), its assignment in place and
 * ready ({@link Kind#Completed}, for preserveAvailable), a dry-run plan ({@link Kind#Planned}), no such target
 * ({@link Kind#NotFound}: Failed / ReferencedBindingNotFound) or any other error ({@link Kind#Error}: retried).
 */
public record RescheduleOutcome(Kind kind, ReschedulePlan plan, String detail) {
    public enum Kind { Rescheduled, Completed, Planned, NotFound, Error }

    public static RescheduleOutcome rescheduled(ReschedulePlan plan) {
        return new RescheduleOutcome(Kind.Rescheduled, plan, null);
    }

    public static RescheduleOutcome completed(ReschedulePlan plan) {
        return new RescheduleOutcome(Kind.Completed, plan, null);
    }

    public static RescheduleOutcome planned(ReschedulePlan plan) {
        return new RescheduleOutcome(Kind.Planned, plan, null);
    }

    public static RescheduleOutcome notFound(String detail) {
        return new RescheduleOutcome(Kind.NotFound, null, detail);
    }

    public static RescheduleOutcome error(String detail) {
        return new RescheduleOutcome(Kind.Error, null, detail);
    }

    public boolean is(Kind k) {
        return kind == k;
    }
}
