package io.meridian.sim;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Pods stamped out of a workload's template, as a controller writes them before admission. */
final class PodFactory {

  private PodFactory() {
  }

  static Pod fromTemplate(Workload owner, PodTemplateSpec template, String podName, Map<String, String> extraLabels) {
    PodTemplateSpec copy = Serialization.clone(template);
    ObjectMeta templateMeta = copy.getMetadata() == null ? new ObjectMeta() : copy.getMetadata();
    Map<String, String> labels = new LinkedHashMap<>();
    if (templateMeta.getLabels() != null) {
      labels.putAll(templateMeta.getLabels());
    }
    labels.putAll(extraLabels);
    Map<String, String> annotations = new LinkedHashMap<>();
    if (templateMeta.getAnnotations() != null) {
      annotations.putAll(templateMeta.getAnnotations());
    }
    ObjectMeta meta = new ObjectMeta();
    meta.setName(podName);
    meta.setGenerateName(owner.name() + "-");
    meta.setNamespace(owner.namespace());
    meta.setLabels(labels);
    meta.setAnnotations(annotations.isEmpty() ? null : annotations);
    meta.setOwnerReferences(List.of(owner.asOwner()));
    PodSpec spec = copy.getSpec() == null ? new PodSpec() : copy.getSpec();
    if (spec.getSchedulerName() == null) {
      spec.setSchedulerName("default-scheduler");
    }
    if (spec.getRestartPolicy() == null) {
      spec.setRestartPolicy("Always");
    }
    Pod pod = new Pod();
    pod.setApiVersion("v1");
    pod.setKind("Pod");
    pod.setMetadata(meta);
    pod.setSpec(spec);
    pod.setStatus(new PodStatusBuilder().withPhase("Pending").build());
    return pod;
  }
}
