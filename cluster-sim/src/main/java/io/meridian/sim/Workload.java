package io.meridian.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.client.utils.Serialization;

/** A workload object read generically: the few fields every controller needs. */
record Workload(ResourceKind kind, GenericKubernetesResource object, JsonNode node) {

  private static final ObjectMapper JSON = Serialization.jsonMapper();

  static Workload of(ResourceKind kind, GenericKubernetesResource object) {
    return new Workload(kind, object, JSON.valueToTree(object));
  }

  String namespace() {
    return object.getMetadata().getNamespace();
  }

  String name() {
    return object.getMetadata().getName();
  }

  String uid() {
    return object.getMetadata().getUid();
  }

  long generation() {
    Long generation = object.getMetadata().getGeneration();
    return generation == null ? 0 : generation;
  }

  JsonNode spec() {
    return node.path("spec");
  }

  JsonNode status() {
    return node.path("status");
  }

  int replicas() {
    return spec().path("replicas").asInt(1);
  }

  LabelSelector selector() {
    JsonNode selector = spec().path("selector");
    return selector.isObject() ? JSON.convertValue(selector, LabelSelector.class) : null;
  }

  PodTemplateSpec template() {
    return JSON.convertValue(spec().path("template"), PodTemplateSpec.class);
  }

  boolean deleting() {
    return object.getMetadata().getDeletionTimestamp() != null;
  }

  OwnerReference asOwner() {
    return new OwnerReferenceBuilder().withApiVersion(kind.apiVersion()).withKind(kind.kind()).withName(name())
        .withUid(uid()).withController(true).withBlockOwnerDeletion(true).build();
  }

  /** An int-or-percent field of the spec resolved against a total ({@code fallback} when absent). */
  int intOrPercent(JsonNode value, int total, boolean roundUp, int fallback) {
    if (value == null || value.isMissingNode() || value.isNull()) {
      return fallback;
    }
    if (value.isInt()) {
      return value.asInt();
    }
    String text = value.asText().trim();
    if (text.endsWith("%")) {
      double share = Double.parseDouble(text.substring(0, text.length() - 1)) * total / 100.0;
      return (int) (roundUp ? Math.ceil(share) : Math.floor(share));
    }
    return Integer.parseInt(text);
  }
}
