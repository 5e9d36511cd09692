package io.meridian.core.k8s;

import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import java.time.Instant;
import java.util.Map;

/** Small fluent pod builder for tests. */
public final class TestPods {
    private final Pod pod;

    private TestPods(String name) {
        pod = new PodBuilder().withNewMetadata().withName(name).withNamespace("default").endMetadata()
                .withNewSpec().endSpec().withNewStatus().endStatus().build();
    }

    public static TestPods pod(String name) {
        return new TestPods(name);
    }

    public TestPods onNode(String node) {
        pod.getSpec().setNodeName(node);
        return this;
    }

    public TestPods phase(String phase) {
        pod.getStatus().setPhase(phase);
        return this;
    }

    public TestPods ready(Instant since) {
        pod.getStatus().getConditions().add(new PodConditionBuilder().withType("Ready").withStatus("True")
                .withLastTransitionTime(since == null ? null : KubeTimes.format(since)).build());
        return this;
    }

    public TestPods unschedulable() {
        pod.getStatus().getConditions().add(new PodConditionBuilder().withType("PodScheduled").withStatus("False")
                .withReason("Unschedulable").build());
        return this;
    }

    public TestPods restarts(int count) {
        pod.getStatus().getContainerStatuses().add(new ContainerStatusBuilder().withName("c" + count).withRestartCount(count).build());
        return this;
    }

    public TestPods created(Instant at) {
        pod.getMetadata().setCreationTimestamp(KubeTimes.format(at));
        return this;
    }

    public TestPods terminating(Instant since) {
        pod.getMetadata().setDeletionTimestamp(KubeTimes.format(since));
        return this;
    }

    public TestPods label(String key, String value) {
        if (pod.getMetadata().getLabels() == null) {
            pod.getMetadata().setLabels(new java.util.HashMap<>());
        }
        pod.getMetadata().getLabels().put(key, value);
        return this;
    }

    public TestPods annotation(String key, String value) {
        if (pod.getMetadata().getAnnotations() == null) {
            pod.getMetadata().setAnnotations(new java.util.HashMap<>());
        }
        pod.getMetadata().getAnnotations().put(key, value);
        return this;
    }

    public TestPods ownedBy(String kind, String name) {
        pod.getMetadata().getOwnerReferences().add(new io.fabric8.kubernetes.api.model.OwnerReferenceBuilder()
                .withKind(kind).withName(name).withApiVersion("apps/v1").withUid(name + "-uid").withController(true).build());
        return this;
    }

    public TestPods labels(Map<String, String> labels) {
        labels.forEach(this::label);
        return this;
    }

    public Pod build() {
        return pod;
    }
}
