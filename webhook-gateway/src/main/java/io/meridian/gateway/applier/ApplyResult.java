package io.meridian.gateway.applier;

import io.meridian.schemas.MutationResult.Outcome;

/** The outcome of applying one mutation, with a one-line detail. */
public record ApplyResult(Outcome outcome, String detail) {

    public static ApplyResult patched(String detail) {
        return new ApplyResult(Outcome.PATCHED, detail);
    }

    public static ApplyResult noop(String detail) {
        return new ApplyResult(Outcome.NOOP, detail);
    }

    public static ApplyResult conflict(String detail) {
        return new ApplyResult(Outcome.CONFLICT, detail);
    }

    public static ApplyResult failed(String detail) {
        return new ApplyResult(Outcome.FAILED, detail);
    }

    public static ApplyResult unreachable(String detail) {
        return new ApplyResult(Outcome.UNREACHABLE, detail);
    }
}
