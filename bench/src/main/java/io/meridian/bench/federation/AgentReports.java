package io.meridian.bench.federation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.schemas.ClusterEvent;
import io.meridian.schemas.ObjectRef;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The cluster events the agents of a federation of {@link FleetShape} publish once everything runs,
 * shaped as the agent's compactor leaves them: in the host, the resource templates (Deployments) and
 * one PropagationPolicy each; in every member, its nodes, the member copies of the templates divided
 * over it, their ReplicaSets and Running, Ready pods.
 */
public final class AgentReports {
    public static final String HOST = "host";
    public static final String NAMESPACE = "bench";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final FleetShape shape;
    private final Instant at;
    private long resourceVersion = 1_000;

    public AgentReports(FleetShape shape, Instant at) {
        this.shape = shape;
        this.at = at;
    }

    public static String workloadName(int index) {
        return String.format(java.util.Locale.ROOT, "w-%05d", index);
    }

    /** Every event, host first, then member by member. */
    public void forEach(Consumer<ClusterEvent> sink) {
        for (int w = 0; w < shape.workloads(); w++) {
            sink.accept(upserted(HOST, "apps/v1", "Deployment", workloadName(w), template(w, replicasOf(w))));
            sink.accept(upserted(HOST, "policy.karmada.io/v1alpha1", "PropagationPolicy", workloadName(w), policy(w)));
        }
        for (int c = 0; c < shape.clusters(); c++) {
            String cluster = FleetShape.memberName(c);
            for (int n = 0; n < shape.nodesPerCluster(); n++) {
                sink.accept(upserted(cluster, "v1", "Node", "z1-" + n, node(n)));
            }
        }
        int copy = 0;
        for (int w = 0; w < shape.workloads(); w++) {
            for (int m = 0; m < shape.membersPerWorkload(); m++) {
                String cluster = FleetShape.memberName((w * shape.membersPerWorkload() + m) % shape.clusters());
                emitCopy(sink, cluster, w, shape.podsOfCopy(copy++));
            }
        }
    }

    private int replicasOf(int workload) {
        int sum = 0;
        for (int m = 0; m < shape.membersPerWorkload(); m++) {
            sum += shape.podsOfCopy(workload * shape.membersPerWorkload() + m);
        }
        return sum;
    }

    private void emitCopy(Consumer<ClusterEvent> sink, String cluster, int workload, int pods) {
        String name = workloadName(workload);
        String hash = Integer.toHexString(0x5f000000 + workload);
        String rsName = name + "-" + hash;
        ObjectNode deployment = template(workload, pods);
        sink.accept(upserted(cluster, "apps/v1", "Deployment", name, deployment));
        sink.accept(upserted(cluster, "apps/v1", "ReplicaSet", rsName, replicaSet(workload, pods, hash)));
        String rsUid = uid(cluster + "/ReplicaSet/" + rsName);
        for (int p = 0; p < pods; p++) {
            String podName = rsName + "-" + Integer.toString(36 * 36 * 36 * 36 + p * 7919, 36);
            sink.accept(upserted(cluster, "v1", "Pod", podName, pod(workload, hash, rsName, rsUid, p)));
        }
    }

    private ClusterEvent upserted(String cluster, String apiVersion, String kind, String name, ObjectNode body) {
        String namespace = "Node".equals(kind) ? "" : NAMESPACE;
        String uid = uid(cluster + "/" + kind + "/" + name);
        String version = Long.toString(resourceVersion++);
        ObjectNode metadata = (ObjectNode) body.get("metadata");
        metadata.put("uid", uid);
        metadata.put("resourceVersion", version);
        ObjectRef ref = new ObjectRef(apiVersion, kind, namespace, name, uid, version);
        return new ClusterEvent(ClusterEvent.SCHEMA_VERSION, uid(version + cluster), cluster, at,
                ClusterEvent.Type.UPSERTED, ref, body);
    }

    private ObjectNode template(int workload, int replicas) {
        ObjectNode o = NODES.objectNode();
        ObjectNode metadata = metadata(o);
        metadata.putObject("labels").put("app", workloadName(workload)).put("bench.meridian.io/group", "g" + workload % 50);
        metadata.put("generation", 1);
        ObjectNode spec = o.putObject("spec");
        spec.put("replicas", replicas);
        spec.putObject("selector").putObject("matchLabels").put("app", workloadName(workload));
        ObjectNode template = spec.putObject("template");
        template.putObject("metadata").putObject("labels").put("app", workloadName(workload));
        ObjectNode container = template.putObject("spec").putArray("containers").addObject();
        container.put("name", "app").put("image", "registry.example.com/bench/app:1.4.2");
        container.putArray("ports").addObject().put("containerPort", 8080).put("protocol", "TCP");
        ObjectNode resources = container.putObject("resources");
        resources.putObject("requests").put("cpu", "100m").put("memory", "128Mi");
        resources.putObject("limits").put("memory", "256Mi");
        ObjectNode strategy = spec.putObject("strategy").put("type", "RollingUpdate");
        strategy.putObject("rollingUpdate").put("maxSurge", "25%").put("maxUnavailable", "25%");
        ObjectNode status = o.putObject("status");
        status.put("observedGeneration", 1).put("replicas", replicas).put("readyReplicas", replicas)
                .put("availableReplicas", replicas).put("updatedReplicas", replicas);
        ArrayNode conditions = status.putArray("conditions");
        condition(conditions, "Available", "MinimumReplicasAvailable");
        condition(conditions, "Progressing", "NewReplicaSetAvailable");
        return o;
    }

    private ObjectNode policy(int workload) {
        ObjectNode o = NODES.objectNode();
        metadata(o);
        ObjectNode spec = o.putObject("spec");
        spec.putArray("resourceSelectors").addObject().put("apiVersion", "apps/v1").put("kind", "Deployment")
                .put("name", workloadName(workload));
        ObjectNode placement = spec.putObject("placement");
        ArrayNode names = placement.putObject("clusterAffinity").putArray("clusterNames");
        for (int m = 0; m < shape.membersPerWorkload(); m++) {
            names.add(FleetShape.memberName((workload * shape.membersPerWorkload() + m) % shape.clusters()));
        }
        placement.putObject("replicaScheduling").put("replicaSchedulingType", "Divided")
                .put("replicaDivisionPreference", "Weighted")
                .putObject("weightPreference").put("dynamicWeight", "AvailableReplicas");
        return o;
    }

    private ObjectNode replicaSet(int workload, int replicas, String hash) {
        ObjectNode o = NODES.objectNode();
        ObjectNode metadata = metadata(o);
        metadata.putObject("labels").put("app", workloadName(workload)).put("pod-template-hash", hash);
        metadata.putObject("annotations").put("deployment.kubernetes.io/revision", "1")
                .put("deployment.kubernetes.io/desired-replicas", String.valueOf(replicas))
                .put("deployment.kubernetes.io/max-replicas", String.valueOf(replicas + 1));
        owner(metadata, "Deployment", workloadName(workload));
        ObjectNode spec = o.putObject("spec");
        spec.put("replicas", replicas);
        spec.putObject("selector").putObject("matchLabels").put("app", workloadName(workload)).put("pod-template-hash", hash);
        o.putObject("status").put("replicas", replicas).put("readyReplicas", replicas).put("availableReplicas", replicas)
                .put("fullyLabeledReplicas", replicas).put("observedGeneration", 1);
        return o;
    }

    private ObjectNode pod(int workload, String hash, String rsName, String rsUid, int index) {
        ObjectNode o = NODES.objectNode();
        // pods are created over time: their timestamps differ, as real ones do
        String created = at.plusSeconds(workload * 7L + index).toString();
        ObjectNode metadata = o.putObject("metadata");
        metadata.put("creationTimestamp", created);
        metadata.put("generateName", rsName + "-");
        metadata.putObject("labels").put("app", workloadName(workload)).put("pod-template-hash", hash);
        metadata.putObject("annotations").put("controller.kubernetes.io/pod-deletion-cost", "0");
        metadata.putArray("ownerReferences").addObject().put("apiVersion", "apps/v1").put("kind", "ReplicaSet")
                .put("name", rsName).put("uid", rsUid).put("controller", true).put("blockOwnerDeletion", true);
        ObjectNode spec = o.putObject("spec");
        spec.put("nodeName", "z1-" + index % shape.nodesPerCluster());
        ArrayNode tolerations = spec.putArray("tolerations");
        for (String taint : new String[] {"node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"}) {
            tolerations.addObject().put("key", taint).put("operator", "Exists").put("effect", "NoExecute")
                    .put("tolerationSeconds", 300);
        }
        spec.put("schedulerName", "default-scheduler").put("priority", 0);
        ObjectNode status = o.putObject("status");
        status.put("phase", "Running");
        ArrayNode conditions = status.putArray("conditions");
        for (String type : new String[] {"PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled"}) {
            conditions.addObject().put("type", type).put("status", "True").putNull("lastProbeTime")
                    .put("lastTransitionTime", created);
        }
        status.put("startTime", created).put("restarts", 0);
        return o;
    }

    private ObjectNode node(int index) {
        ObjectNode o = NODES.objectNode();
        ObjectNode metadata = metadata(o);
        metadata.putObject("labels").put("topology.kubernetes.io/zone", "z1").put("kubernetes.io/hostname", "z1-" + index)
                .put("kubernetes.io/os", "linux");
        o.putObject("spec");
        ObjectNode status = o.putObject("status");
        status.putObject("allocatable").put("pods", "110").put("cpu", "8").put("memory", "32Gi");
        status.putObject("capacity").put("pods", "110").put("cpu", "8").put("memory", "32Gi");
        status.putArray("conditions").addObject().put("type", "Ready").put("status", "True").put("reason", "KubeletReady")
                .put("message", "kubelet is posting ready status").put("lastHeartbeatTime", at.toString())
                .put("lastTransitionTime", at.toString());
        return o;
    }

    private ObjectNode metadata(ObjectNode object) {
        ObjectNode metadata = object.putObject("metadata");
        metadata.put("creationTimestamp", at.toString());
        return metadata;
    }

    private static void owner(ObjectNode metadata, String kind, String name) {
        metadata.putArray("ownerReferences").addObject().put("apiVersion", "apps/v1").put("kind", kind).put("name", name)
                .put("controller", true).put("blockOwnerDeletion", true);
    }

    private void condition(ArrayNode conditions, String type, String reason) {
        conditions.addObject().put("type", type).put("status", "True").put("reason", reason)
                .put("lastUpdateTime", at.toString()).put("lastTransitionTime", at.toString());
    }

    private static String uid(String seed) {
        return UUID.nameUUIDFromBytes(seed.getBytes(StandardCharsets.UTF_8)).toString();
    }
}
