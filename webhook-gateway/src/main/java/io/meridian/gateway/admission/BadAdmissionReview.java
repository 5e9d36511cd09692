package io.meridian.gateway.admission;

/** A request body that is not a usable AdmissionReview: answered with HTTP 400 and this one-line reason. */
public final class BadAdmissionReview extends RuntimeException {
    public BadAdmissionReview(String reason) {
        super(reason);
    }
}
