package io.meridian.core.k8s;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Null-safe reads of the Pod fields the controllers look at. */
public final class Pods {
    private Pods() {
    }

    public static String name(Pod pod) {
        return pod.getMetadata() == null || pod.getMetadata().getName() == null ? "" : pod.getMetadata().getName();
    }

    public static Map<String, String> labels(Pod pod) {
        return pod.getMetadata() == null || pod.getMetadata().getLabels() == null ? Map.of() : pod.getMetadata().getLabels();
    }

    public static Map<String, String> annotations(Pod pod) {
        return pod.getMetadata() == null || pod.getMetadata().getAnnotations() == null
                ? Map.of() : pod.getMetadata().getAnnotations();
    }

    public static String nodeName(Pod pod) {
        return pod.getSpec() == null || pod.getSpec().getNodeName() == null ? "" : pod.getSpec().getNodeName();
    }

    public static String phase(Pod pod) {
        return pod.getStatus() == null || pod.getStatus().getPhase() == null ? "" : pod.getStatus().getPhase();
    }

    public static boolean isTerminating(Pod pod) {
        return pod.getMetadata() != null && pod.getMetadata().getDeletionTimestamp() != null;
    }

    public static Optional<Instant> creationTime(Pod pod) {
        return pod.getMetadata() == null ? Optional.empty() : KubeTimes.parse(pod.getMetadata().getCreationTimestamp());
    }

    public static Optional<PodCondition> condition(Pod pod, String type) {
        if (pod.getStatus() == null || pod.getStatus().getConditions() == null) {
            return Optional.empty();
        }
        return pod.getStatus().getConditions().stream().filter(c -> type.equals(c.getType())).findFirst();
    }

    public static boolean isReady(Pod pod) {
        return condition(pod, "Ready").map(c -> "True".equals(c.getStatus())).orElse(false);
    }

    /** When the Ready condition last changed; empty when unknown. */
    public static Optional<Instant> readySince(Pod pod) {
        return condition(pod, "Ready").flatMap(c -> KubeTimes.parse(c.getLastTransitionTime()));
    }

    public static int maxContainerRestarts(Pod pod) {
        if (pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null) {
            return 0;
        }
        return pod.getStatus().getContainerStatuses().stream()
                .map(ContainerStatus::getRestartCount).filter(r -> r != null).mapToInt(Integer::intValue).max().orElse(0);
    }

    /** The kind of the pod's controller owner, if it has one. */
    public static Optional<String> controllerKind(Pod pod) {
        List<OwnerReference> owners = pod.getMetadata() == null ? null : pod.getMetadata().getOwnerReferences();
        if (owners == null) {
            return Optional.empty();
        }
        return owners.stream().filter(o -> Boolean.TRUE.equals(o.getController())).map(OwnerReference::getKind).findFirst();
    }
}
