package io.meridian.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.crud.Attribute;
import io.fabric8.mockwebserver.crud.AttributeSet;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.fabric8.zjsonpatch.JsonPatch;
import io.fabric8.zjsonpatch.JsonPatchException;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The mock server's CRUD dispatcher plus what a kube-apiserver adds that the simulation needs:
 * <ul>
 * <li>a real {@code scale} sub-resource: the stock dispatcher maps {@code .../scale} onto the
 * object itself, so a PUT of an {@code autoscaling/v1 Scale} would overwrite the workload. Here GET
 * answers a Scale built from the object, and PUT/PATCH change only {@code spec.replicas};</li>
 * <li>admission of pod CREATE (mutating then validating webhooks, the patched pod is stored), pod
 * DELETE and the {@code pods/eviction} sub-resource sent by clients outside the simulation (the
 * simulation's own client marks its requests with {@value #SIM_HEADER} and admits its writes
 * itself). The webhook is called on the server's event loop, which waits for it, as a request to a
 * real API server waits.</li>
 * <li>a JSON patch that cannot apply (a {@code test} operation that fails) answered 422, as kube-apiserver does;</li>
 * <li>a named object found by its name ({@link NamedObjectStore}), not by comparing every object stored;</li>
 * <li>watches served without a thread each ({@link WatchStreams}).</li>
 * </ul>
 */
final class SimApiDispatcher extends KubernetesCrudDispatcher {

  static final String SIM_HEADER = "X-Meridian-Sim";
  private static final String SCALE_SUFFIX = "/scale";
  private static final String MERGE_PATCH = "application/merge-patch+json";
  private static final Pattern POD_PATH = Pattern.compile("^/api/v1/namespaces/([^/]+)/pods/([^/]+)(/eviction)?$");
  private static final Pattern PODS_PATH = Pattern.compile("^/api/v1/namespaces/([^/]+)/pods$");

  /** The admission chain the dispatcher consults for writes from outside the simulation. */
  interface PodGate {
    /** The deletion (subResource null) or eviction of a pod: null admits, else why not. */
    String refuseRemoval(String namespace, String name, String subResource, JsonNode pod);

    /** The creation of a pod: the outcome carries the pod as mutated. */
    Admission.Outcome admitCreate(String namespace, JsonNode pod);
  }

  private final ObjectMapper json = Serialization.jsonMapper();
  private final NamedObjectStore store = new NamedObjectStore();
  private final WatchStreams watches = new WatchStreams();
  private final java.util.concurrent.locks.ReadWriteLock storeLock = readStoreLock();
  private volatile PodGate gate;

  SimApiDispatcher() {
    useStore(store);
  }

  /** The stock store is a final field of the CRUD dispatcher: it is replaced by the one indexed by name. */
  private void useStore(NamedObjectStore indexed) {
    try {
      java.lang.reflect.Field field = io.fabric8.mockwebserver.crud.CrudDispatcher.class.getDeclaredField("map");
      field.setAccessible(true);
      field.set(this, indexed);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot index the mock server's objects by name", e);
    }
  }

  /**
   * The watch events of the objects under {@code path} (a list path, as a watch request's), handed as text to
   * {@code events} inside the server, without a connection: first each object stored as {@code ADDED}, then each
   * change on the thread that makes it, under the store's lock (so {@code events} must be quick).
   */
  AutoCloseable observe(String path, java.util.function.Consumer<String> events) {
    java.util.concurrent.locks.Lock read = storeLock.readLock();
    read.lock();
    try {
      return watches.observe(attributeExtractor.fromPath(path), store.entrySet(), events);
    } finally {
      read.unlock();
    }
  }

  /** The stock dispatcher's lock over its store (a private field): its changes hold the write lock. */
  private java.util.concurrent.locks.ReadWriteLock readStoreLock() {
    try {
      java.lang.reflect.Field field = KubernetesCrudDispatcher.class.getDeclaredField("lock");
      field.setAccessible(true);
      return (java.util.concurrent.locks.ReadWriteLock) field.get(this);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read the mock server's store lock", e);
    }
  }

  /** One named object read by its name; anything else (a list, a missing object) as the stock dispatcher does. */
  @Override
  public MockResponse handleGet(String path) {
    List<Map.Entry<AttributeSet, String>> named = store.named(attributeExtractor.fromPath(path));
    if (named == null || named.isEmpty()) {
      return super.handleGet(path);
    }
    return new MockResponse().setResponseCode(200).setBody(named.get(0).getValue());
  }

  /** What the stock update, patch and create handlers look up: by name when the query names the object. */
  @Override
  public Map.Entry<AttributeSet, String> findResource(AttributeSet query) {
    List<Map.Entry<AttributeSet, String>> named = store.named(query);
    if (named == null) {
      return super.findResource(query);
    }
    return named.isEmpty() ? null : named.get(0);
  }

  /** Called by the stock read under the store's read lock when the request asks to watch. */
  @Override
  public MockResponse handleWatch(String path) {
    AttributeSet query = attributeExtractor.fromPath(path);
    String name = watchedName(path);
    if (name != null) {
      query = query.add(new Attribute(NamedObjectStore.NAME, name));
    }
    List<Map.Entry<AttributeSet, String>> named = store.named(query);
    return watches.open(query, named != null ? named : store.entrySet());
  }

  /** The name of a watch's {@code fieldSelector=metadata.name=NAME}, as the stock dispatcher reads it; else null. */
  private static String watchedName(String path) {
    int start = path.indexOf('?');
    String name = null;
    for (String parameter : start < 0 ? new String[0] : path.substring(start + 1).split("&")) {
      String decoded = URLDecoder.decode(parameter, StandardCharsets.UTF_8);
      if (decoded.startsWith("fieldSelector=metadata.name=")) {
        name = decoded.substring("fieldSelector=metadata.name=".length());
      }
    }
    return name == null || name.isEmpty() ? null : name;
  }

  /** The stock change (called under the store's write lock) and then its events to the watches that select it. */
  @Override
  public void processEvent(String path, AttributeSet pathAttributes, AttributeSet oldAttributes,
      GenericKubernetesResource resource, String newState) {
    String existing = oldAttributes == null ? null : store.get(oldAttributes);
    store.forgetLastKeyPut();
    super.processEvent(path, pathAttributes, oldAttributes, resource, newState);
    if (!Objects.equals(existing, newState)) {
      watches.changed(existing == null ? null : oldAttributes, existing, newState == null ? null : store.lastKeyPut(),
          newState);
    }
  }

  void gate(PodGate podGate) {
    this.gate = podGate;
  }

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    String path = request.getPath();
    int query = path.indexOf('?');
    String bare = query < 0 ? path : path.substring(0, query);
    boolean outside = gate != null && request.getHeader(SIM_HEADER) == null;
    Matcher create = PODS_PATH.matcher(bare);
    if (outside && create.matches() && request.method() == HttpMethod.POST) {
      return createPod(request, create.group(1));
    }
    Matcher pod = POD_PATH.matcher(bare);
    if (outside && pod.matches()) {
      boolean eviction = pod.group(3) != null;
      if (eviction && request.method() == HttpMethod.POST || !eviction && request.method() == HttpMethod.DELETE) {
        return deletePod(request, pod.group(1), pod.group(2), eviction);
      }
    }
    if (!bare.endsWith(SCALE_SUFFIX)) {
      return request.method() == HttpMethod.PATCH ? patch(request) : super.dispatch(request);
    }
    String objectPath = bare.substring(0, bare.length() - SCALE_SUFFIX.length());
    try {
      return switch (request.method()) {
        case GET -> toScale(handleGet(objectPath));
        case PUT -> setReplicas(objectPath, json.readTree(request.getUtf8Body()).path("spec").path("replicas"));
        case PATCH -> patchScale(objectPath, request);
        default -> new MockResponse().setResponseCode(405);
      };
    } catch (IOException | RuntimeException e) {
      return new MockResponse().setResponseCode(422).setBody(status(422, "Invalid", e.getMessage()));
    }
  }

  /** As kube-apiserver: a JSON patch that cannot apply (a failed {@code test}) is answered 422, not left hanging. */
  private MockResponse patch(RecordedRequest request) {
    try {
      return super.dispatch(request);
    } catch (JsonPatchException e) {
      return new MockResponse().setResponseCode(422).setBody(status(422, "Invalid", e.getMessage()));
    }
  }

  /**
   * As the stock dispatcher (a new resourceVersion when the object changed), without its JSON diff: that diff
   * matches arrays by longest common subsequence, quadratic in their length, which made one status write of a
   * WorkloadRebalancer naming thousands of workloads cost the simulation seconds; equality is all it needs.
   */
  @Override
  public void touchResourceVersion(JsonNode current, JsonNode updated) {
    if (!updated.equals(current)) {
      ((ObjectNode) updated.get("metadata")).put("resourceVersion", String.valueOf(requestResourceVersion()));
    }
  }

  /** As the stock dispatcher: a new generation when anything but metadata and status changed; again without a diff. */
  @Override
  public void touchGeneration(JsonNode current, JsonNode updated) {
    if (specChanged(current, updated)) {
      ((ObjectNode) updated.get("metadata")).put("generation", current.path("metadata").path("generation").asInt(0) + 1);
    }
  }

  private static boolean specChanged(JsonNode current, JsonNode updated) {
    Set<String> fields = new HashSet<>();
    current.fieldNames().forEachRemaining(fields::add);
    updated.fieldNames().forEachRemaining(fields::add);
    fields.remove("metadata");
    fields.remove("status");
    return fields.stream().anyMatch(field -> !Objects.equals(current.get(field), updated.get(field)));
  }

  private MockResponse deletePod(RecordedRequest request, String namespace, String name, boolean eviction) {
    String podPath = "/api/v1/namespaces/" + namespace + "/pods/" + name;
    MockResponse current = handleGet(podPath);
    if (current.code() != 200) {
      return current;
    }
    String refusal;
    try {
      refusal = gate.refuseRemoval(namespace, name, eviction ? "eviction" : null, json.readTree(current.getBody().readUtf8()));
    } catch (IOException | RuntimeException e) {
      refusal = "Internal error occurred: " + e.getMessage();
    }
    if (refusal != null) {
      return refused(refusal);
    }
    if (!eviction) {
      return super.dispatch(request);
    }
    handleDelete(podPath);
    ObjectNode success = json.createObjectNode();
    success.put("apiVersion", "v1").put("kind", "Status").put("status", "Success").put("code", 201);
    return new MockResponse().setResponseCode(201).setBody(success.toString());
  }

  private MockResponse refused(String message) {
    int code = message.startsWith("admission webhook") ? 400 : 500;
    return new MockResponse().setResponseCode(code)
        .setBody(status(code, code == 400 ? "BadRequest" : "InternalError", message));
  }

  private MockResponse createPod(RecordedRequest request, String namespace) {
    Admission.Outcome outcome;
    try {
      outcome = gate.admitCreate(namespace, json.readTree(request.getUtf8Body()));
    } catch (IOException | RuntimeException e) {
      return refused("Internal error occurred: " + e.getMessage());
    }
    if (!outcome.allowed()) {
      return refused(outcome.message());
    }
    return super.dispatch(new RecordedRequest(request.getHttpVersion(), HttpMethod.POST, request.getPath(),
        request.getHeaders(), new Buffer(outcome.object().toString().getBytes(StandardCharsets.UTF_8))));
  }

  private MockResponse patchScale(String objectPath, RecordedRequest request) throws IOException {
    MockResponse current = toScale(handleGet(objectPath));
    if (current.code() != 200) {
      return current;
    }
    JsonNode scale = json.readTree(current.getBody().readUtf8());
    String contentType = String.valueOf(request.getHeader("Content-Type"));
    JsonNode patched = contentType.contains("json-patch")
        ? JsonPatch.apply(json.readTree(request.getUtf8Body()), scale)
        : json.readerForUpdating(scale.deepCopy()).readValue(request.getUtf8Body());
    return setReplicas(objectPath, patched.path("spec").path("replicas"));
  }

  private MockResponse setReplicas(String objectPath, JsonNode replicas) {
    if (!replicas.isInt() || replicas.asInt() < 0) {
      return new MockResponse().setResponseCode(422)
          .setBody(status(422, "Invalid", "spec.replicas must be a non-negative integer"));
    }
    String body = "{\"spec\":{\"replicas\":" + replicas.asInt() + "}}";
    Headers headers = Headers.builder().add("Content-Type", MERGE_PATCH).build();
    RecordedRequest patch = new RecordedRequest("HTTP/1.1", HttpMethod.PATCH, objectPath, headers,
        new Buffer(body.getBytes(StandardCharsets.UTF_8)));
    MockResponse response = handlePatch(patch);
    return response.code() / 100 == 2 ? toScale(response.setResponseCode(200)) : response;
  }

  private MockResponse toScale(MockResponse objectResponse) {
    if (objectResponse.code() != 200 || objectResponse.getBody() == null) {
      return objectResponse;
    }
    try {
      JsonNode object = json.readTree(objectResponse.getBody().readUtf8());
      if (!object.has("metadata") || object.path("kind").asText().endsWith("List")) {
        return new MockResponse().setResponseCode(404).setBody(status(404, "NotFound", "no such object"));
      }
      ObjectNode scale = json.createObjectNode();
      scale.put("apiVersion", "autoscaling/v1");
      scale.put("kind", "Scale");
      ObjectNode metadata = scale.putObject("metadata");
      for (String field : new String[] {"name", "namespace", "uid", "resourceVersion", "creationTimestamp"}) {
        if (object.path("metadata").has(field)) {
          metadata.set(field, object.path("metadata").get(field));
        }
      }
      scale.putObject("spec").put("replicas", object.path("spec").path("replicas").asInt(0));
      ObjectNode status = scale.putObject("status");
      status.put("replicas", object.path("status").path("replicas").asInt(0));
      String selector = object.path("status").path("labelSelector").asText("");
      status.put("selector", selector.isEmpty() ? selectorString(object.path("spec").path("selector")) : selector);
      return new MockResponse().setResponseCode(200).setBody(json.writeValueAsString(scale));
    } catch (IOException e) {
      return new MockResponse().setResponseCode(500).setBody(status(500, "InternalError", e.getMessage()));
    }
  }

  private static String selectorString(JsonNode selector) {
    StringJoiner joined = new StringJoiner(",");
    for (Iterator<Map.Entry<String, JsonNode>> it = selector.path("matchLabels").fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> label = it.next();
      joined.add(label.getKey() + "=" + label.getValue().asText());
    }
    return joined.toString();
  }

  private String status(int code, String reason, String message) {
    ObjectNode status = json.createObjectNode();
    status.put("apiVersion", "v1").put("kind", "Status").put("status", "Failure")
        .put("code", code).put("reason", reason).put("message", String.valueOf(message));
    return status.toString();
  }
}
