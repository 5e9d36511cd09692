package io.meridian.core.ud.alloc;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.meridian.core.ud.model.Subset;
import java.util.ArrayList;
import java.util.List;

/** A subset's parsed {@code minReplicas} (unset = 0) and {@code maxReplicas} (unset = MaxInt32). */
public record SubsetBounds(String name, int min, int max) {

    /** The bounds of every subset in topology order, or the first error. */
    public record Parsed(List<SubsetBounds> bounds, String error) {
        static Parsed of(List<SubsetBounds> bounds) {
            return new Parsed(List.copyOf(bounds), null);
        }

        static Parsed invalid(String error) {
            return new Parsed(List.of(), error);
        }

        public boolean isValid() {
            return error == null;
        }
    }

    /** Parses against {@code total} (spec.replicas, 0 when unset) and rejects a max below its min. */
    public static Parsed parseAll(int total, List<Subset> subsets) {
        List<SubsetBounds> bounds = new ArrayList<>();
        for (int i = 0; i < subsets.size(); i++) {
            Subset subset = subsets.get(i);
            ParsedReplicas min = parseOr(total, subset.minReplicas(), 0);
            ParsedReplicas max = parseOr(total, subset.maxReplicas(), Integer.MAX_VALUE);
            if (!min.isValid() || !max.isValid()) {
                return Parsed.invalid(min.isValid() ? max.error() : min.error());
            }
            if (min.value() > max.value()) {
                return Parsed.invalid("subset[" + i + "].maxReplicas(" + max.value()
                        + ") must be more than or equal to minReplicas(" + min.value() + ")");
            }
            bounds.add(new SubsetBounds(subset.name(), min.value(), max.value()));
        }
        return Parsed.of(bounds);
    }

    private static ParsedReplicas parseOr(int total, IntOrString value, int whenUnset) {
        return value == null ? ParsedReplicas.of(whenUnset) : ReplicaParser.parse(total, value);
    }
}
