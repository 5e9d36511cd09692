package io.meridian.standalone;

/**
 * The gateway's webhook configurations for one member cluster, as in {@code k8s/webhooks.yaml} but
 * calling the gateway by URL with the member named as the last path segment ({@code /mutate-pods/<name>}, as a real apiserver allows) and the standalone CA as caBundle. All
 * fail open ({@code Ignore}, 3 s).
 */
final class Webhooks {
    private static final String SELECTORS = """
              failurePolicy: Ignore
              matchPolicy: Equivalent
              sideEffects: None
              timeoutSeconds: 3
              admissionReviewVersions: [v1]
              namespaceSelector:
                matchExpressions: [{key: kubernetes.io/metadata.name, operator: NotIn, values: [kube-system, meridian-system]}]
              objectSelector:
                matchExpressions: [{key: meridian.io/ignore, operator: DoesNotExist}]
            """;

    private Webhooks() {
    }

    static String manifest(String gatewayUrl, String cluster, String caBundle) {
        return """
                apiVersion: admissionregistration.k8s.io/v1
                kind: MutatingWebhookConfiguration
                metadata:
                  name: meridian-webhook-gateway
                  labels: {app.kubernetes.io/part-of: meridian}
                webhooks:
                - name: mutate-pods.meridian.io
                  clientConfig: {url: "%1$s/mutate-pods/%2$s", caBundle: %3$s}
                  rules:
                  - {apiGroups: [""], apiVersions: [v1], resources: [pods], operations: [CREATE], scope: Namespaced}
                  reinvocationPolicy: Never
                %4$s---
                apiVersion: admissionregistration.k8s.io/v1
                kind: ValidatingWebhookConfiguration
                metadata:
                  name: meridian-webhook-gateway
                  labels: {app.kubernetes.io/part-of: meridian}
                webhooks:
                - name: validate-pods.meridian.io
                  clientConfig: {url: "%1$s/validate-pods/%2$s", caBundle: %3$s}
                  rules:
                  - {apiGroups: [""], apiVersions: [v1], resources: [pods], operations: [DELETE], scope: Namespaced}
                  - {apiGroups: [""], apiVersions: [v1], resources: [pods/eviction], operations: [CREATE], scope: Namespaced}
                %4$s- name: validate-workloadspreads.meridian.io
                  clientConfig: {url: "%1$s/validate-workloadspreads/%2$s", caBundle: %3$s}
                  rules:
                  - {apiGroups: [apps.meridian.io], apiVersions: [v1alpha1], resources: [workloadspreads], operations: [CREATE, UPDATE], scope: Namespaced}
                  - {apiGroups: [apps.kruise.io], apiVersions: [v1alpha1, v1beta1], resources: [workloadspreads], operations: [CREATE, UPDATE], scope: Namespaced}
                %4$s- name: validate-uniteddeployments.meridian.io
                  clientConfig: {url: "%1$s/validate-uniteddeployments/%2$s", caBundle: %3$s}
                  rules:
                  - {apiGroups: [apps.meridian.io], apiVersions: [v1alpha1], resources: [uniteddeployments], operations: [CREATE, UPDATE], scope: Namespaced}
                  - {apiGroups: [apps.kruise.io], apiVersions: [v1alpha1, v1beta1], resources: [uniteddeployments], operations: [CREATE, UPDATE], scope: Namespaced}
                %4$s- name: validate-workloadrebalancers.meridian.io
                  clientConfig: {url: "%1$s/validate-workloadrebalancers/%2$s", caBundle: %3$s}
                  rules:
                  - {apiGroups: [apps.meridian.io], apiVersions: [v1alpha1], resources: [workloadrebalancers], operations: [CREATE, UPDATE], scope: Cluster}
                  - {apiGroups: [apps.karmada.io], apiVersions: [v1alpha1], resources: [workloadrebalancers], operations: [CREATE, UPDATE], scope: Cluster}
                %4$s- name: validate-propagationpolicies.meridian.io
                  clientConfig: {url: "%1$s/validate-propagationpolicies/%2$s", caBundle: %3$s}
                  rules:
                  - {apiGroups: [apps.meridian.io], apiVersions: [v1alpha1], resources: [propagationpolicies, clusterpropagationpolicies], operations: [CREATE, UPDATE], scope: "*"}
                  - {apiGroups: [policy.karmada.io], apiVersions: [v1alpha1], resources: [propagationpolicies, clusterpropagationpolicies], operations: [CREATE, UPDATE], scope: "*"}
                %4$s- name: validate-clusters.meridian.io
                  clientConfig: {url: "%1$s/validate-clusters/%2$s", caBundle: %3$s}
                  rules:
                  - {apiGroups: [cluster.karmada.io], apiVersions: [v1alpha1], resources: [clusters], operations: [CREATE, UPDATE], scope: Cluster}
                  - {apiGroups: [apps.meridian.io], apiVersions: [v1alpha1], resources: [memberclusters], operations: [CREATE, UPDATE], scope: Cluster}
                %4$s""".formatted(gatewayUrl, cluster, caBundle, SELECTORS);
    }
}
