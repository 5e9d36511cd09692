package io.meridian.gateway.applier;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.meridian.schemas.ObjectRef;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Writes of one object in one request each, sent through the client's own HTTP client (its authentication and TLS),
 * answered by their HTTP status and body, the object in the body left unread:
 * <ul>
 * <li>a JSON patch (RFC 6902): fabric8's {@code Resource.patch} reads the object before it patches, which would make
 * a write with a {@code test} operation cost two requests, the same as reading and updating;</li>
 * <li>a creation from the object's JSON: fabric8's {@code create} converts the object to its model, writes it out
 * again and reads the stored object back into the model, none of which a write that only needs to know whether it
 * happened uses.</li>
 * </ul>
 */
final class DirectRequest {
    private static final String JSON_PATCH = "application/json-patch+json";
    private static final String JSON = "application/json";

    private DirectRequest() {
    }

    /** What the API server answered. */
    record Answer(int code, String body) {
        boolean succeeded() {
            return code / 100 == 2;
        }
    }

    /** The answer to the patch; I/O failures and timeouts are thrown as a {@link KubernetesClientException}, no code. */
    static Answer patch(KubernetesClient kube, ObjectRef target, String patch) {
        return send(kube, "PATCH", path(target) + "/" + target.name(), JSON_PATCH, patch, "patch", target);
    }

    /** The answer to the creation of {@code object} (its JSON, named and typed as the target). */
    static Answer create(KubernetesClient kube, ObjectRef target, String object) {
        return send(kube, "POST", path(target), JSON, object, "create", target);
    }

    private static Answer send(KubernetesClient kube, String method, String path, String contentType, String body,
                               String verb, ObjectRef target) {
        String url = withoutTrailingSlashes(kube.getMasterUrl().toString()) + path;
        long timeoutMs = Math.max(1, kube.getConfiguration().getRequestTimeout());
        // no timeout on the request itself: fabric8 would arm a timer for it and cancel that timer, an exception with
        // its stack trace, at every answer (about 1 % of a rebalance's CPU); it would not abort the request either
        HttpRequest request = kube.getHttpClient().newHttpRequestBuilder().uri(url).method(method, contentType, body)
                .build();
        String subject = Targets.describe(target);
        CompletableFuture<HttpResponse<String>> answer = kube.getHttpClient().sendAsync(request, String.class);
        try {
            HttpResponse<String> response = answer.get(timeoutMs, TimeUnit.MILLISECONDS);
            return new Answer(response.code(), response.body());
        } catch (InterruptedException e) {
            answer.cancel(false);
            Thread.currentThread().interrupt();
            throw new KubernetesClientException("interrupted while trying to " + verb + " " + subject, e);
        } catch (ExecutionException e) {
            throw new KubernetesClientException("cannot " + verb + " " + subject + ": " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            answer.cancel(false);
            throw new KubernetesClientException("no answer to the " + verb + " of " + subject + " within " + timeoutMs
                    + " ms", e);
        }
    }

    static String withoutTrailingSlashes(String url) {
        int end = url.length();
        while (end > 0 && url.charAt(end - 1) == '/') {
            end--;
        }
        return url.substring(0, end);
    }

    /** The target's collection: {@code /api/v1/...} or {@code /apis/<group>/<version>/...}, namespaced or not. */
    static String path(ObjectRef target) {
        ResourceDefinitionContext context = Targets.context(target);
        String group = context.getGroup() == null || context.getGroup().isEmpty() ? "/api" : "/apis/" + context.getGroup();
        String namespace = target.namespace().isEmpty() ? "" : "/namespaces/" + target.namespace();
        return group + "/" + context.getVersion() + namespace + "/" + context.getPlural();
    }
}
