package io.meridian.gateway.admission;

import io.fabric8.kubernetes.api.model.admission.v1.AdmissionRequest;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionResponse;

/** Decides the admission requests sent to one webhook path; the gateway only carries requests and answers. */
public interface AdmissionHandler {
    /** The webhook path this handler serves, e.g. {@code /mutate-pods}. */
    String path();

    AdmissionResponse handle(AdmissionRequest request);
}
