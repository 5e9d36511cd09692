package io.meridian.sim;

import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

/**
 * One kind of object the simulated API server stores: where it lives in the REST API and which
 * sub-resources it has.
 */
public record ResourceKind(String group, String version, String kind, String plural, boolean namespaced,
    boolean scaleSubresource, boolean statusSubresource) {

  /** {@code group/version}, or just {@code version} for the core group. */
  public String apiVersion() {
    return group.isEmpty() ? version : group + "/" + version;
  }

  public ResourceDefinitionContext context() {
    return new ResourceDefinitionContext.Builder()
        .withGroup(group).withVersion(version).withKind(kind).withPlural(plural).withNamespaced(namespaced)
        .build();
  }

  CustomResourceDefinitionContext crdContext() {
    return new CustomResourceDefinitionContext.Builder()
        .withGroup(group).withVersion(version).withKind(kind).withPlural(plural)
        .withScope(namespaced ? "Namespaced" : "Cluster")
        .withStatusSubresource(statusSubresource)
        .build();
  }

  boolean matches(String apiVersionOrNull, String kindName) {
    return kind.equals(kindName) && (apiVersionOrNull == null || apiVersionOrNull.equals(apiVersion()));
  }
}
