package io.meridian.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

/**
 * How the agent's client reads what it watches: every watched kind is taken as a
 * {@link io.fabric8.kubernetes.api.model.GenericKubernetesResource}. With the stock serialization a watch event's
 * object is decoded into its typed model first (a Pod, a Deployment: the event's object is polymorphic), and the
 * client then converts it into the generic form the informer asked for: a second decode and an encode per event.
 * This one knows no typed kind but {@link Status}, which a watch's ERROR event must still be, so that an expired
 * watch (410 Gone) makes the informer list again instead of retrying the same resourceVersion.
 */
public final class WatchedObjects {
    private WatchedObjects() {
    }

    public static KubernetesSerialization serialization() {
        KubernetesSerialization serialization = new KubernetesSerialization(new ObjectMapper(), false);
        serialization.registerKubernetesResource(Status.class);
        return serialization;
    }
}
