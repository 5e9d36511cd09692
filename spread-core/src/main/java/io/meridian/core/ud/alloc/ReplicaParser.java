package io.meridian.core.ud.alloc;

import io.fabric8.kubernetes.api.model.IntOrString;
import java.util.regex.Pattern;

/** Turns a subset's {@code replicas}/{@code minReplicas}/{@code maxReplicas} into a number (§2.4). */
public final class ReplicaParser {
    private static final Pattern SIGNED_DIGITS = Pattern.compile("[+-]?[0-9]+");

    private ReplicaParser() {
    }

    /**
     * An integer is taken as is (it must be >= 0). A percentage of {@code udReplicas} is rounded half-up;
     * it needs {@code udReplicas >= 0} (negative means the UD replicas are unset).
     */
    public static ParsedReplicas parse(int udReplicas, IntOrString value) {
        if (value.getIntVal() != null) {
            int number = value.getIntVal();
            return number < 0
                    ? ParsedReplicas.invalid("subsetReplicas (" + number + ") should not be less than 0")
                    : ParsedReplicas.of(number);
        }
        String text = value.getStrVal() == null ? "" : value.getStrVal();
        if (udReplicas < 0) {
            return ParsedReplicas.invalid("subsetReplicas (" + text
                    + ") should not be string when unitedDeployment replicas is empty");
        }
        if (!text.endsWith("%")) {
            return ParsedReplicas.invalid("subset replicas (" + text
                    + ") only support integer value or percentage value with a suffix '%'");
        }
        return parsePercentage(udReplicas, text);
    }

    private static ParsedReplicas parsePercentage(int udReplicas, String text) {
        String digits = text.substring(0, text.length() - 1);
        int percent;
        try {
            percent = Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            return ParsedReplicas.invalid("subset replicas (" + text + ") should be correct percentage integer: "
                    + integerSyntaxError(digits));
        }
        if (percent < 0 || percent > 100) {
            return ParsedReplicas.invalid("subset replicas (" + text + ") should be in range [0, 100]");
        }
        return ParsedReplicas.of(roundHalfUp((long) udReplicas * percent, 100));
    }

    /** The wording of the upstream integer parser, which users see in these messages. */
    private static String integerSyntaxError(String digits) {
        String why = SIGNED_DIGITS.matcher(digits).matches() ? "value out of range" : "invalid syntax";
        return "strconv.Atoi: parsing \"" + digits + "\": " + why;
    }

    /** floor(numerator/denominator + 0.5) for non-negative numerators. */
    static int roundHalfUp(long numerator, long denominator) {
        return (int) ((2 * numerator + denominator) / (2 * denominator));
    }
}
