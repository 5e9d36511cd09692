package io.meridian.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.meridian.core.karmada.scheduler.KubeTime;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Time values of rebalancer cases (§0.2): the symbols T_NOW, T_MINUS_1H, T_MINUS_1M, "unix Ns", or RFC 3339.
 * T_NOW is pinned to a fixed instant so every run is the same.
 */
final class RebalancerTimeSymbols {
    static final Instant T_NOW = Instant.parse("2026-08-01T12:00:00Z");
    private static final Map<String, Instant> SYMBOLS = Map.of(
            "T_NOW", T_NOW,
            "T_MINUS_1H", T_NOW.minusSeconds(3600),
            "T_MINUS_1M", T_NOW.minusSeconds(60));
    private static final Pattern UNIX = Pattern.compile("unix\\s+(-?\\d+)\\s*s?");

    private RebalancerTimeSymbols() {
    }

    static Instant parse(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return null;
        }
        if (node.isNumber()) {
            return Instant.ofEpochSecond(node.asLong());
        }
        String text = node.asText().trim();
        Instant symbol = SYMBOLS.get(text);
        if (symbol != null) {
            return symbol;
        }
        Matcher unix = UNIX.matcher(text);
        return unix.matches() ? Instant.ofEpochSecond(Long.parseLong(unix.group(1))) : KubeTime.parse(text);
    }

    /** The symbol for an instant when it has one, else RFC 3339; JSON null for null. */
    static JsonNode render(Instant instant) {
        if (instant == null) {
            return JsonNodeFactory.instance.nullNode();
        }
        return SYMBOLS.entrySet().stream().filter(e -> e.getValue().equals(instant)).map(Map.Entry::getKey)
                .findFirst().<JsonNode>map(JsonNodeFactory.instance::textNode)
                .orElseGet(() -> JsonNodeFactory.instance.textNode(KubeTime.format(instant)));
    }

    /** Whether an expected time (a symbol, or a value equal after parsing) matches the actual one. */
    static boolean same(JsonNode expected, Instant actual) {
        Instant want = parse(expected);
        return want == null ? actual == null : want.equals(actual);
    }
}
