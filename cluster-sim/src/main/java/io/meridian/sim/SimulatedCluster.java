package io.meridian.sim;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One simulated member cluster: fabric8's mock API server in CRUD mode over HTTPS (its own
 * self-signed certificate) on a loopback port, reached by outsiders on a second port of the same
 * server that can be cut ({@link OutsideEndpoint}), the one in {@link #kubeconfigPath()}; the nodes
 * of its zones; and the simulated controllers, scheduler and kubelet, which talk to the server on its
 * first port with {@link #client()}.
 */
public final class SimulatedCluster implements AutoCloseable {
  /** Room the scheduler never runs out of: scenarios size zones in pod slots, so estimates by resources stay pod-bound. */
  static final Map<String, Quantity> NODE_RESOURCES = Map.of("cpu", new Quantity("1000"), "memory", new Quantity("4Ti"));

  public static final String ZONE_LABEL = "topology.kubernetes.io/zone";
  /** The mock server logs every request at INFO through java.util.logging; held so the level sticks. */
  private static final java.util.logging.Logger MOCK_SERVER_LOG =
      java.util.logging.Logger.getLogger("io.fabric8.mockwebserver.MockWebServer");

  static {
    MOCK_SERVER_LOG.setLevel(java.util.logging.Level.WARNING);
  }

  private final ClusterSpec spec;
  private final ResourceKinds kinds;
  private final KubernetesMockServer server;
  private final OutsideEndpoint outside;
  private final String caPem;
  private final Path kubeconfig;
  private final KubernetesClient client;
  private final Faults faults = new Faults();
  private final ClusterRuntime runtime;
  private final ClusterApi api;
  private final SimApiDispatcher dispatcher;

  private SimulatedCluster(ClusterSpec spec, SimOptions options, ResourceKinds kinds) {
    this.spec = spec;
    this.kinds = kinds;
    this.dispatcher = new SimApiDispatcher();
    kinds.customResources().forEach(kind -> dispatcher.expectCustomResource(kind.crdContext()));
    MockWebServer webServer = webServer(options);
    this.outside = OutsideEndpoint.attach(webServer);
    this.server = new KubernetesMockServer(new Context(Serialization.jsonMapper()), webServer,
        new HashMap<>(), dispatcher, true);
    server.init(InetAddress.getLoopbackAddress(), 0);
    try {
      this.caPem = Files.readString(Path.of(server.getSelfSignedCertificate().certificatePath()));
      this.kubeconfig = Files.createTempFile("meridian-sim-" + spec.name() + "-", ".kubeconfig");
      Files.writeString(kubeconfig, kubeconfigYaml(spec.name(), "https://127.0.0.1:" + outside.port(), caPem));
    } catch (IOException e) {
      server.destroy();
      throw new UncheckedIOException(e);
    }
    this.client = new KubernetesClientBuilder().withConfig(directConfig())
        .withKubernetesSerialization(new SimSerialization()).withTaskExecutor(InformerThreads.SIMULATION).build();
    this.runtime = new ClusterRuntime(spec.name(), client, options, faults);
    this.api = new ClusterApi(runtime, kinds);
    dispatcher.gate(new SimApiDispatcher.PodGate() {
      @Override
      public String refuseRemoval(String namespace, String podName, String subResource, JsonNode pod) {
        Admission.Outcome outcome = runtime.admitPodRemoval(namespace, podName, subResource, pod);
        return outcome.allowed() ? null : outcome.message();
      }

      @Override
      public Admission.Outcome admitCreate(String namespace, JsonNode pod) {
        return runtime.admission.admit(new Admission.Request(ResourceKinds.POD, null, "CREATE", namespace,
            pod.path("metadata").path("name").asText(null), pod, null));
      }
    });
  }

  private static MockWebServer webServer(SimOptions options) {
    return options.podsSimulated() ? new MockWebServer() : SharedServerLoops.server();
  }

  /** Starts a cluster with the default options (pods Ready one second after binding). */
  public static SimulatedCluster start(ClusterSpec spec) {
    return start(spec, SimOptions.DEFAULTS);
  }

  public static SimulatedCluster start(ClusterSpec spec, SimOptions options) {
    return start(spec, options, new ResourceKinds());
  }

  /** Starts a cluster that also stores the extra kinds added to {@code kinds}. */
  public static SimulatedCluster start(ClusterSpec spec, SimOptions options, ResourceKinds kinds) {
    SimulatedCluster cluster = new SimulatedCluster(spec, options, kinds);
    try {
      cluster.createNodes();
      Map<String, ZoneSpec> zoneOfNode = new HashMap<>();
      spec.zones().forEach(z -> {
        for (int i = 0; i < z.nodes(); i++) {
          zoneOfNode.put(z.name() + "-" + i, z);
        }
      });
      ClusterRuntime runtime = cluster.runtime;
      Scheduler scheduler = new Scheduler(runtime);
      ReplicaController replicas = new ReplicaController(runtime);
      Runnable nodeFaults = new NodeFaults(runtime, zoneOfNode)::run;
      if (!options.podsSimulated()) {
        runtime.start(List.of(nodeFaults), false);
        return cluster;
      }
      cluster.runtime.start(List.of(
          nodeFaults,
          new GarbageCollector(runtime)::run,
          new DeploymentController(runtime)::run,
          replicas::replicaSets,
          replicas::cloneSets,
          new OrdinalController(runtime)::run,
          replicas::jobs,
          scheduler::run,
          new Kubelet(runtime, scheduler)::run));
      return cluster;
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  private void createNodes() {
    String now = Instant.now().toString();
    int address = 0;
    for (ZoneSpec zone : spec.zones()) {
      for (int i = 0; i < zone.nodes(); i++) {
        Map<String, String> labels = new LinkedHashMap<>(zone.labels());
        String name = zone.name() + "-" + i;
        labels.put(ZONE_LABEL, zone.name());
        labels.put("kubernetes.io/hostname", name);
        labels.put("kubernetes.io/os", "linux");
        address++;
        Node node = new NodeBuilder()
            .withNewMetadata().withName(name).withLabels(labels).endMetadata()
            .withNewSpec().withTaints(zone.taints()).endSpec()
            .withNewStatus()
            .addToCapacity("pods", new Quantity(String.valueOf(zone.podsPerNode())))
            .addToAllocatable("pods", new Quantity(String.valueOf(zone.podsPerNode())))
            .addToCapacity(NODE_RESOURCES).addToAllocatable(NODE_RESOURCES)
            .addNewCondition().withType("Ready").withStatus("True").withReason("KubeletReady")
            .withMessage("kubelet is posting ready status").withLastHeartbeatTime(now).withLastTransitionTime(now)
            .endCondition()
            .addNewAddress().withType("InternalIP").withAddress("10.0." + (address / 250) + "." + (address % 250 + 1))
            .endAddress()
            .endStatus()
            .build();
        runtime.nodes.put(client.nodes().resource(node).create());
      }
    }
  }

  private Config directConfig() {
    return new ConfigBuilder(Config.empty())
        .withMasterUrl("https://127.0.0.1:" + server.getPort())
        .withCaCertData(Base64.getEncoder().encodeToString(caPem.getBytes(StandardCharsets.UTF_8)))
        .withTrustCerts(true)
        .withNamespace("default")
        // on a loaded machine (CI, many sessions on 2 cores) a fleet's start waited more than 10 s for a
        // connection: fabric8's vert.x client bounds that wait by the request timeout, not only the connection's
        .withRequestTimeout(30_000)
        .withConnectionTimeout(60_000)
        .withCustomHeaders(Map.of(SimApiDispatcher.SIM_HEADER, "controller"))
        .build();
  }

  private static String kubeconfigYaml(String name, String server, String caPem) {
    String ca = Base64.getEncoder().encodeToString(caPem.getBytes(StandardCharsets.UTF_8));
    return "apiVersion: v1\n"
        + "kind: Config\n"
        + "clusters:\n"
        + "- name: " + name + "\n"
        + "  cluster:\n"
        + "    server: " + server + "\n"
        + "    certificate-authority-data: " + ca + "\n"
        + "users:\n"
        + "- name: " + name + "-admin\n"
        + "  user:\n"
        + "    token: meridian-sim\n"
        + "contexts:\n"
        + "- name: " + name + "\n"
        + "  context:\n"
        + "    cluster: " + name + "\n"
        + "    user: " + name + "-admin\n"
        + "    namespace: default\n"
        + "current-context: " + name + "\n";
  }

  public String name() {
    return spec.name();
  }

  public ClusterSpec spec() {
    return spec;
  }

  /** A kubeconfig file for this cluster; it points at the cuttable endpoint, as every service must use. */
  public Path kubeconfigPath() {
    return kubeconfig;
  }

  /** The API endpoint outsiders use (the one in the kubeconfig). */
  public String apiUrl() {
    return "https://127.0.0.1:" + outside.port();
  }

  /** The server's certificate (PEM), which the kubeconfig trusts. */
  public String certificateAuthorityPem() {
    return caPem;
  }

  /** The simulation's own client: straight to the API server, so it keeps working while the cluster is unreachable. */
  public KubernetesClient client() {
    return client;
  }

  /**
   * The watch events ({@code {"type":…,"object":…}}) of the objects under {@code path}, a list path such as
   * {@code /apis/apps/v1/namespaces/NS/deployments}, handed to {@code events} from inside the API server: each stored
   * object as {@code ADDED}, then every change as it is stored, in order. For an observer in this process (a benchmark)
   * that should not cost the cluster a watch connection and its client; {@code events} runs on the server's thread,
   * under its store's lock, and must be quick. Close the handle to stop.
   */
  public AutoCloseable observe(String path, java.util.function.Consumer<String> events) {
    return dispatcher.observe(path, events);
  }

  /** A new client as an outsider sees the cluster (through the kubeconfig); the caller closes it. */
  public KubernetesClient newExternalClient() {
    try {
      return new KubernetesClientBuilder()
          .withConfig(Config.fromKubeconfig(Files.readString(kubeconfig))).build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The facade the scenario runner and tests drive the cluster with. */
  public ClusterApi api() {
    return api;
  }

  /** The simulation's own view of the cluster (its caches and controllers); for this package's tests. */
  ClusterRuntime runtime() {
    return runtime;
  }

  public ResourceKinds kinds() {
    return kinds;
  }

  /** Recent things the simulated controllers want a human to know (failed creates, refused deletes). */
  public List<String> events() {
    return runtime.events();
  }

  /** How many webhook configurations the admission chain currently knows of (it reads a watch cache). */
  int webhookConfigurationsSeen() {
    return runtime.mutating.list().size() + runtime.validating.list().size();
  }

  // ---- faults

  /** No free pod slot is left in the zone: its nodes advertise exactly the pods they already run. */
  public void zoneFull(String zone) {
    if (spec.zones().stream().noneMatch(z -> z.name().equals(zone))) {
      throw new IllegalArgumentException("cluster " + name() + " has no zone " + zone);
    }
    faults.fullZones.add(zone);
    runtime.signal();
  }

  /** The node turns NotReady: nothing new is scheduled there and its pods become not-ready. */
  public void nodeNotReady(String node) {
    if (runtime.nodes.get(null, node) == null) {
      throw new IllegalArgumentException("cluster " + name() + " has no node " + node);
    }
    faults.notReadyNodes.add(node);
    runtime.signal();
  }

  /**
   * The API endpoint stops answering everyone but the simulation itself (open connections are
   * dropped, new ones refused), and the API server can no longer reach admission webhooks. Pods
   * keep running.
   */
  public void unreachable() {
    faults.unreachable(true);
    outside.cut();
  }

  public boolean isUnreachable() {
    return outside.isCut();
  }

  /** Undoes every fault. */
  public void recover() {
    faults.clear();
    outside.restore();
    runtime.signal();
  }

  @Override
  public void close() {
    runtime.close();
    client.close();
    destroyServer();
    try {
      Files.deleteIfExists(kubeconfig);
    } catch (IOException e) {
      // a temp file; nothing to do
    }
  }

  /**
   * The mock server's shutdown can time out while one of its watch listeners is still draining on the
   * event loop; the server is stopping either way, so a slow shutdown must not fail whoever closes us.
   */
  private void destroyServer() {
    try {
      server.destroy();
    } catch (IllegalStateException e) {
      System.getLogger(SimulatedCluster.class.getName()).log(System.Logger.Level.WARNING,
          "mock server of " + spec.name() + " did not stop in time: " + e.getMessage());
    }
  }
}
