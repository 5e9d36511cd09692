package io.meridian.core.ws;

import io.fabric8.kubernetes.api.model.IntOrString;

/**
 * An IntOrString replica bound resolved against a total: an integer as is, {@code "p%"} as
 * {@code ceil(p*total/100)} when rounding up, else {@code floor}.
 */
public sealed interface ScaledReplicas {

    record Value(int replicas) implements ScaledReplicas {
    }

    record Invalid(String reason) implements ScaledReplicas {
    }

    static ScaledReplicas of(IntOrString bound, int total, boolean roundUp) {
        if (bound == null) {
            return new Invalid("nil value");
        }
        if (bound.getIntVal() != null && bound.getStrVal() == null) {
            return new Value(bound.getIntVal());
        }
        String text = bound.getStrVal();
        if (text == null || !text.endsWith("%")) {
            return new Invalid("invalid type: string is not a percentage");
        }
        int percent;
        try {
            percent = Integer.parseInt(text.substring(0, text.length() - 1));
        } catch (NumberFormatException e) {
            return new Invalid("invalid value for IntOrString: invalid value \"" + text + "\"");
        }
        long product = (long) percent * total;
        long scaled = roundUp ? -Math.floorDiv(-product, 100) : Math.floorDiv(product, 100);
        return new Value((int) scaled);
    }

    /** The scaled value, or {@code fallback} when the bound is null. Invalid bounds give {@code invalid}. */
    static int valueOr(IntOrString bound, int total, int fallback, int invalid) {
        if (bound == null) {
            return fallback;
        }
        return of(bound, total, true) instanceof Value v ? v.replicas() : invalid;
    }
}
