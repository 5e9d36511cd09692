package io.meridian.sim;

/** An admission webhook refused a write made through {@link ClusterApi}; the message is the webhook's. */
public final class AdmissionDeniedException extends RuntimeException {

  public AdmissionDeniedException(String message) {
    super(message);
  }
}
