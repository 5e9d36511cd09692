package io.meridian.sim;

/** Manifests the tests apply. */
final class Manifests {

  private Manifests() {
  }

  /**
   * A Deployment of {@code replicas} nginx pods labelled {@code app=<name>}; {@code podSpecExtra}
   * is YAML inserted into the pod spec at an indentation of six spaces (may be empty).
   */
  static String deployment(String namespace, String name, int replicas, String podSpecExtra) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: %s, namespace: %s}
        spec:
          replicas: %d
          selector: {matchLabels: {app: %s}}
          template:
            metadata: {labels: {app: %s}}
            spec:
        %s
              containers: [{name: main, image: nginx:alpine}]
        """.formatted(name, namespace, replicas, name, name, podSpecExtra.stripTrailing());
  }
}
