package io.meridian.gateway.admission;

import io.fabric8.kubernetes.api.model.admission.v1.AdmissionRequest;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionResponse;

/** Decides the admission requests sent to one webhook path; the gateway only carries requests and answers. */
public interface AdmissionHandler {
    /** The webhook path this handler serves, e.g. {@code /mutate-pods}. */
    String path();

    /**
     * Answers one request from member cluster {@code cluster} (the webhook's {@code ?cluster=}, else the
     * default cluster). Must not throw: a handler that cannot decide admits (fail open) or denies on its own.
     */
    AdmissionResponse handle(AdmissionRequest request, String cluster);
}
