package io.meridian.core.ws.controller;

/** Whether an existing pod on its node fits a subset, and how well (§1.7). */
public record SubsetMatch(boolean matched, int score) {
    private static final SubsetMatch NO_MATCH = new SubsetMatch(false, -1);

    public static SubsetMatch noMatch() {
        return NO_MATCH;
    }

    public static SubsetMatch scored(int score) {
        return new SubsetMatch(true, score);
    }
}
