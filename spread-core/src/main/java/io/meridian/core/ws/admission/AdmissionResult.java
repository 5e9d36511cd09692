package io.meridian.core.ws.admission;

/** A decision and the status change to persist with it (for the matched spread, if any). */
public record AdmissionResult(AdmissionDecision decision, StatusChange statusChange) {

    static AdmissionResult of(AdmissionDecision decision) {
        return new AdmissionResult(decision, StatusChange.unchanged());
    }

    public String reason() {
        return decision.reason();
    }
}
