package io.meridian.gateway.applier;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.meridian.schemas.ObjectRef;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A JSON patch (RFC 6902) of one object in one request. fabric8's {@code Resource.patch} reads the object before it
 * patches, which would make a write with a {@code test} operation cost two requests, the same as reading and
 * updating; this sends the PATCH alone, through the client's own HTTP client (its authentication and TLS).
 */
final class JsonPatchRequest {
    private static final String CONTENT_TYPE = "application/json-patch+json";

    private JsonPatchRequest() {
    }

    /** The HTTP status; I/O failures and timeouts are thrown as a {@link KubernetesClientException} without a code. */
    static int send(KubernetesClient kube, ObjectRef target, String patch) {
        String url = kube.getMasterUrl().toString().replaceAll("/+$", "") + path(target);
        long timeoutMs = Math.max(1, kube.getConfiguration().getRequestTimeout());
        HttpRequest request = kube.getHttpClient().newHttpRequestBuilder().uri(url)
                .method("PATCH", CONTENT_TYPE, patch).timeout(timeoutMs, TimeUnit.MILLISECONDS).build();
        try {
            HttpResponse<String> response = kube.getHttpClient().sendAsync(request, String.class)
                    .get(timeoutMs + 1_000, TimeUnit.MILLISECONDS);
            return response.code();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KubernetesClientException("interrupted while patching " + Targets.describe(target), e);
        } catch (ExecutionException e) {
            throw new KubernetesClientException("cannot patch " + Targets.describe(target) + ": " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new KubernetesClientException("no answer to the patch of " + Targets.describe(target), e);
        }
    }

    /** {@code /api/v1/...} or {@code /apis/<group>/<version>/...}, namespaced or not. */
    static String path(ObjectRef target) {
        ResourceDefinitionContext context = Targets.context(target);
        String group = context.getGroup() == null || context.getGroup().isEmpty() ? "/api" : "/apis/" + context.getGroup();
        String namespace = target.namespace().isEmpty() ? "" : "/namespaces/" + target.namespace();
        return group + "/" + context.getVersion() + namespace + "/" + context.getPlural() + "/" + target.name();
    }
}
