package io.meridian.core.ws;

import io.fabric8.kubernetes.api.model.Pod;

/** Whether a pod still counts: not Succeeded, not Failed, not terminating. */
public final class PodActivity {
    private PodActivity() {
    }

    public static boolean isActive(Pod pod) {
        String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
        return !"Succeeded".equals(phase) && !"Failed".equals(phase)
                && (pod.getMetadata() == null || pod.getMetadata().getDeletionTimestamp() == null);
    }
}
