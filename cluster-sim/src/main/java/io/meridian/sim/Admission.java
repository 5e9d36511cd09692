package io.meridian.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.MutatingWebhook;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.MutatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.RuleWithOperations;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhook;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.WebhookClientConfig;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.zjsonpatch.JsonPatch;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The admission chain of a kube-apiserver: the mutating webhooks stored in the cluster, in name
 * order, each POSTed an {@code admission.k8s.io/v1} AdmissionReview and its JSONPatch applied; then
 * every matching validating webhook. {@code failurePolicy: Ignore} lets the request through
 * unchanged when a webhook cannot be called, {@code Fail} (the default) refuses it.
 */
final class Admission {
  private static final Logger LOG = LoggerFactory.getLogger(Admission.class);

  /** What one admission pass decided; {@code object} is the object after mutation. */
  record Outcome(boolean allowed, JsonNode object, String message) {
  }

  /** One request to admit. {@code object} is null for DELETE, {@code oldObject} null for CREATE. */
  record Request(ResourceKind kind, String subResource, String operation, String namespace, String name,
      JsonNode object, JsonNode oldObject) {
  }

  private final ObjectMapper json = Serialization.jsonMapper();
  private final Map<String, HttpClient> clientsByCa = new ConcurrentHashMap<>();
  private final java.util.function.Supplier<List<MutatingWebhookConfiguration>> mutating;
  private final java.util.function.Supplier<List<ValidatingWebhookConfiguration>> validating;
  private final Function<String, Map<String, String>> namespaceLabels;
  private final BooleanSupplier partitioned;

  Admission(java.util.function.Supplier<List<MutatingWebhookConfiguration>> mutating,
      java.util.function.Supplier<List<ValidatingWebhookConfiguration>> validating,
      Function<String, Map<String, String>> namespaceLabels, BooleanSupplier partitioned) {
    this.mutating = mutating;
    this.validating = validating;
    this.namespaceLabels = namespaceLabels;
    this.partitioned = partitioned;
  }

  Outcome admit(Request request) {
    JsonNode current = request.object();
    List<Hook> mutatingHooks = mutating.get().stream()
        .sorted(Comparator.comparing(c -> c.getMetadata().getName()))
        .flatMap(c -> nullToEmpty(c.getWebhooks()).stream()).map(Hook::of).toList();
    for (Hook hook : current == null ? List.<Hook>of() : mutatingHooks) {
      if (!applies(hook, request, current)) {
        continue;
      }
      Reply reply = call(hook, withObject(request, current));
      String refused = refusal(hook, request, reply);
      if (refused != null) {
        return new Outcome(false, current, refused);
      }
      if (reply.error() == null && reply.patch() != null) {
        try {
          current = JsonPatch.apply(reply.patch(), current);
        } catch (RuntimeException e) {
          if (!ignores(hook.failurePolicy())) {
            return new Outcome(false, current, "webhook \"" + hook.name() + "\" returned a bad patch: "
                + e.getMessage());
          }
        }
      }
    }
    Request validated = withObject(request, current);
    JsonNode subject = current != null ? current : request.oldObject();
    for (ValidatingWebhookConfiguration config : validating.get()) {
      for (Hook hook : nullToEmpty(config.getWebhooks()).stream().map(Hook::of).toList()) {
        String refused = applies(hook, request, subject) ? refusal(hook, request, call(hook, validated)) : null;
        if (refused != null) {
          return new Outcome(false, current, refused);
        }
      }
    }
    return new Outcome(true, current, null);
  }

  /** The fields mutating and validating webhooks share. */
  private record Hook(String name, List<RuleWithOperations> rules, LabelSelector objectSelector,
      LabelSelector namespaceSelector, WebhookClientConfig clientConfig, Integer timeoutSeconds, String failurePolicy) {

    static Hook of(MutatingWebhook h) {
      return new Hook(h.getName(), h.getRules(), h.getObjectSelector(), h.getNamespaceSelector(), h.getClientConfig(),
          h.getTimeoutSeconds(), h.getFailurePolicy());
    }

    static Hook of(ValidatingWebhook h) {
      return new Hook(h.getName(), h.getRules(), h.getObjectSelector(), h.getNamespaceSelector(), h.getClientConfig(),
          h.getTimeoutSeconds(), h.getFailurePolicy());
    }
  }

  /** Why the request is refused after this reply, or null to go on. */
  private static String refusal(Hook hook, Request request, Reply reply) {
    if (reply.error() != null) {
      if (ignores(hook.failurePolicy())) {
        LOG.warn("failed calling webhook \"{}\", failing open: {} {} {}/{}: {}", hook.name(), request.operation(),
            request.kind().plural(), request.namespace(), request.name(), reply.error());
        return null;
      }
      return "failed calling webhook \"" + hook.name() + "\": " + reply.error();
    }
    return reply.allowed() ? null : denial(hook.name(), reply.message());
  }

  private static String denial(String hook, String message) {
    return "admission webhook \"" + hook + "\" denied the request"
        + (message == null || message.isEmpty() ? "" : ": " + message);
  }

  private static Request withObject(Request request, JsonNode object) {
    return new Request(request.kind(), request.subResource(), request.operation(), request.namespace(),
        request.name(), object, request.oldObject());
  }

  private static boolean ignores(String failurePolicy) {
    return "Ignore".equals(failurePolicy);
  }

  private static <T> List<T> nullToEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }

  private boolean applies(Hook hook, Request request, JsonNode subject) {
    if (hook.rules() == null || hook.rules().stream().noneMatch(rule -> ruleMatches(rule, request))) {
      return false;
    }
    Map<String, String> labels = subject == null ? Map.of() : labelsOf(subject);
    if (!Selectors.matchesOrAbsent(hook.objectSelector(), labels)) {
      return false;
    }
    return request.namespace() == null || request.namespace().isEmpty()
        || Selectors.matchesOrAbsent(hook.namespaceSelector(), namespaceLabels.apply(request.namespace()));
  }

  private Map<String, String> labelsOf(JsonNode object) {
    JsonNode labels = object.path("metadata").path("labels");
    if (!labels.isObject()) {
      return Map.of();
    }
    return json.convertValue(labels, json.getTypeFactory().constructMapType(Map.class, String.class, String.class));
  }

  private static boolean ruleMatches(RuleWithOperations rule, Request request) {
    ResourceKind kind = request.kind();
    boolean operation = anyOf(rule.getOperations(), request.operation());
    boolean group = anyOf(rule.getApiGroups(), kind.group());
    boolean version = anyOf(rule.getApiVersions(), kind.version());
    String resource = request.subResource() == null ? kind.plural() : kind.plural() + "/" + request.subResource();
    boolean resources = rule.getResources() != null && rule.getResources().stream()
        .anyMatch(wanted -> resourceMatches(wanted, kind.plural(), request.subResource(), resource));
    String scope = rule.getScope() == null ? "*" : rule.getScope();
    boolean scoped = "*".equals(scope) || ("Namespaced".equals(scope) == kind.namespaced());
    return operation && group && version && resources && scoped;
  }

  private static boolean resourceMatches(String wanted, String plural, String subResource, String full) {
    if ("*/*".equals(wanted) || wanted.equals(full)) {
      return true;
    }
    if ("*".equals(wanted)) {
      return subResource == null;
    }
    if (wanted.equals(plural + "/*")) {
      return subResource != null;
    }
    return wanted.startsWith("*/") && subResource != null && wanted.substring(2).equals(subResource);
  }

  private static boolean anyOf(List<String> wanted, String actual) {
    return wanted != null && (wanted.contains("*") || wanted.contains(actual));
  }

  private record Reply(boolean allowed, JsonNode patch, String message, String error) {
    static Reply failed(String error) {
      return new Reply(false, null, null, error);
    }
  }

  private Reply call(Hook hook, Request request) {
    WebhookClientConfig config = hook.clientConfig();
    Integer timeoutSeconds = hook.timeoutSeconds();
    if (config == null || config.getUrl() == null || config.getUrl().isEmpty()) {
      return Reply.failed("only clientConfig.url is supported by the simulation");
    }
    if (partitioned.getAsBoolean()) {
      return Reply.failed("dial tcp: connect: network is unreachable (cluster partitioned)");
    }
    String uid = UUID.randomUUID().toString();
    int timeout = timeoutSeconds == null ? 10 : Math.max(1, Math.min(30, timeoutSeconds));
    try {
      HttpClient client = clientFor(config.getCaBundle());
      HttpRequest post = HttpRequest.newBuilder(URI.create(config.getUrl()))
          .timeout(Duration.ofSeconds(timeout))
          .header("Content-Type", "application/json")
          .header("Accept", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(review(uid, request))))
          .build();
      HttpResponse<String> response = client.send(post, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() / 100 != 2) {
        return Reply.failed("the server responded with status " + response.statusCode());
      }
      JsonNode reply = json.readTree(response.body()).path("response");
      if (reply.isMissingNode()) {
        return Reply.failed("webhook response was absent");
      }
      JsonNode patch = null;
      if (reply.hasNonNull("patch")) {
        byte[] raw = Base64.getDecoder().decode(reply.get("patch").asText());
        patch = json.readTree(new String(raw, StandardCharsets.UTF_8));
      }
      return new Reply(reply.path("allowed").asBoolean(false), patch,
          reply.path("status").path("message").asText(null), null);
    } catch (java.net.http.HttpTimeoutException e) {
      return Reply.failed("context deadline exceeded (timeout " + timeout + "s)");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Reply.failed("interrupted");
    } catch (Exception e) {
      return Reply.failed(e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  private ObjectNode review(String uid, Request request) {
    ObjectNode review = json.createObjectNode();
    review.put("apiVersion", "admission.k8s.io/v1");
    review.put("kind", "AdmissionReview");
    ObjectNode body = review.putObject("request");
    body.put("uid", uid);
    ResourceKind kind = request.kind();
    ObjectNode gvk = body.putObject("kind");
    gvk.put("group", kind.group()).put("version", kind.version()).put("kind", kind.kind());
    ObjectNode gvr = body.putObject("resource");
    gvr.put("group", kind.group()).put("version", kind.version()).put("resource", kind.plural());
    if (request.subResource() != null) {
      body.put("subResource", request.subResource());
      if ("eviction".equals(request.subResource())) {
        gvk.put("group", "policy").put("kind", "Eviction");
      }
    }
    body.set("requestKind", gvk.deepCopy());
    body.set("requestResource", gvr.deepCopy());
    if (request.name() != null) {
      body.put("name", request.name());
    }
    if (request.namespace() != null) {
      body.put("namespace", request.namespace());
    }
    body.put("operation", request.operation());
    ObjectNode user = body.putObject("userInfo");
    user.put("username", "system:serviceaccount:kube-system:meridian-sim");
    user.putArray("groups").add("system:serviceaccounts").add("system:authenticated");
    body.set("object", request.object());
    body.set("oldObject", request.oldObject());
    body.put("dryRun", false);
    ObjectNode options = body.putObject("options");
    options.put("apiVersion", "meta.k8s.io/v1");
    options.put("kind", switch (request.operation()) {
      case "CREATE" -> "CreateOptions";
      case "UPDATE" -> "UpdateOptions";
      default -> "DeleteOptions";
    });
    return review;
  }

  private HttpClient clientFor(String caBundle) {
    String key = caBundle == null ? "" : caBundle;
    return clientsByCa.computeIfAbsent(key, ca -> {
      HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5));
      if (!ca.isEmpty()) {
        builder.sslContext(trusting(ca));
      }
      return builder.build();
    });
  }

  private static SSLContext trusting(String caBundleBase64) {
    try {
      byte[] pem = Base64.getDecoder().decode(caBundleBase64.replaceAll("\\s", ""));
      KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
      trust.load(null, null);
      int i = 0;
      for (Certificate cert : CertificateFactory.getInstance("X.509")
          .generateCertificates(new ByteArrayInputStream(pem))) {
        trust.setCertificateEntry("ca-" + i++, cert);
      }
      TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      factory.init(trust);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, factory.getTrustManagers(), null);
      return context;
    } catch (Exception e) {
      throw new IllegalArgumentException("clientConfig.caBundle is not a PEM certificate bundle", e);
    }
  }
}
