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
    return workload("apps/v1", "Deployment", namespace, name, replicas, "", podSpecExtra);
  }

  /**
   * A workload of any kind with {@code spec.replicas}, {@code spec.selector} and
   * {@code spec.template}; {@code specExtra} is YAML inserted into its spec at two spaces.
   */
  static String workload(String apiVersion, String kind, String namespace, String name, int replicas,
      String specExtra, String podSpecExtra) {
    return """
        apiVersion: %s
        kind: %s
        metadata: {name: %s, namespace: %s}
        spec:
          replicas: %d
        %s
          selector: {matchLabels: {app: %s}}
          template:
            metadata: {labels: {app: %s}}
            spec:
        %s
              containers: [{name: main, image: nginx:alpine}]
        """.formatted(apiVersion, kind, name, namespace, replicas, specExtra.stripTrailing(), name, name,
        podSpecExtra.stripTrailing());
  }
}
