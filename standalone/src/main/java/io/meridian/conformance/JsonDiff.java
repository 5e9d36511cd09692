package io.meridian.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeSet;

/** Structural comparison of JSON values for case checks; numbers compare by value. */
public final class JsonDiff {
    private JsonDiff() {
    }

    /** Null when equal, else a one-line description of the first difference. */
    public static String describe(JsonNode expected, JsonNode actual) {
        return describe("$", expected, actual);
    }

    private static String describe(String path, JsonNode expected, JsonNode actual) {
        if (isNullish(expected) && isNullish(actual)) {
            return null;
        }
        if (isNullish(expected) || isNullish(actual)) {
            return mismatch(path, expected, actual);
        }
        if (expected.isNumber() && actual.isNumber()) {
            return expected.decimalValue().compareTo(actual.decimalValue()) == 0 ? null : mismatch(path, expected, actual);
        }
        if (expected.getNodeType() != actual.getNodeType()) {
            return mismatch(path, expected, actual);
        }
        if (expected.isArray()) {
            if (expected.size() != actual.size()) {
                return path + ": expected " + expected.size() + " items " + expected + ", got " + actual.size() + " " + actual;
            }
            for (int i = 0; i < expected.size(); i++) {
                String d = describe(path + "[" + i + "]", expected.get(i), actual.get(i));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (expected.isObject()) {
            TreeSet<String> keys = new TreeSet<>();
            expected.fieldNames().forEachRemaining(keys::add);
            actual.fieldNames().forEachRemaining(keys::add);
            for (String key : keys) {
                String d = describe(path + "." + key, expected.get(key), actual.get(key));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        return expected.equals(actual) ? null : mismatch(path, expected, actual);
    }

    private static boolean isNullish(JsonNode node) {
        return node == null || node.isNull() || node.isMissingNode();
    }

    private static String mismatch(String path, JsonNode expected, JsonNode actual) {
        return path + ": expected " + render(expected) + ", got " + render(actual);
    }

    private static String render(JsonNode node) {
        return isNullish(node) ? "null" : node.toString();
    }

    /** Compares two arrays as multisets (order ignored). */
    public static String describeUnordered(JsonNode expected, JsonNode actual) {
        if (expected == null || actual == null || !expected.isArray() || !actual.isArray()) {
            return describe(expected, actual);
        }
        java.util.List<JsonNode> remaining = new java.util.ArrayList<>();
        actual.forEach(remaining::add);
        for (JsonNode e : expected) {
            Iterator<JsonNode> it = remaining.iterator();
            boolean found = false;
            while (it.hasNext()) {
                if (describe(e, it.next()) == null) {
                    it.remove();
                    found = true;
                    break;
                }
            }
            if (!found) {
                return "expected (any order) " + expected + ", got " + actual;
            }
        }
        return remaining.isEmpty() ? null : "expected (any order) " + expected + ", got " + actual;
    }

    static Map.Entry<String, String> entry(String k, String v) {
        return Map.entry(k, v);
    }
}
