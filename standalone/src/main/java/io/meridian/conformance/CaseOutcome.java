package io.meridian.conformance;

/** The result of running one conformance case. */
public record CaseOutcome(Status status, String detail) {
    public enum Status { PASS, FAIL, SKIP }

    public static CaseOutcome pass() {
        return new CaseOutcome(Status.PASS, "");
    }

    public static CaseOutcome fail(String whatDiffered) {
        return new CaseOutcome(Status.FAIL, whatDiffered);
    }

    public static CaseOutcome skip(String reason) {
        return new CaseOutcome(Status.SKIP, reason);
    }

    /** Pass when {@code difference} is null, else fail with it. */
    public static CaseOutcome passUnless(String difference) {
        return difference == null ? pass() : fail(difference);
    }
}
