package io.meridian.bench;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.WatchEvent;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.meridian.agent.WatchedObjects;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one watched pod's event costs the cluster-agent's informer (it watches every kind as a generic resource):
 * {@code stockSerialization} is what fabric8's watch does with the stock serialization (decode the event, its object
 * as a typed Pod, then convert that into the generic form the informer asked for); {@code agentSerialization} is the
 * agent's {@link WatchedObjects} serialization (decode the event, its object straight into the generic form).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class WatchEventBenchmark {
    private final KubernetesSerialization stock = new KubernetesSerialization();
    private final KubernetesSerialization agent = WatchedObjects.serialization();
    private String podModified;

    @Setup
    public void setUp() {
        podModified = "{\"type\":\"MODIFIED\",\"object\":" + stock.asJson(runningPod()) + "}";
    }

    @Benchmark
    public GenericKubernetesResource stockSerialization() {
        Object object = stock.unmarshal(podModified, WatchEvent.class).getObject();
        return stock.convertValue((HasMetadata) object, GenericKubernetesResource.class);
    }

    @Benchmark
    public GenericKubernetesResource agentSerialization() {
        return (GenericKubernetesResource) agent.unmarshal(podModified, WatchEvent.class).getObject();
    }

    /** A pod as the simulated kubelet leaves it: owned by a ReplicaSet, scheduled, running and Ready. */
    private static Pod runningPod() {
        return new PodBuilder()
                .withNewMetadata().withName("web-7d9c5b-x2k4p").withNamespace("apps").withUid("0b6f4c1e-7a1d-4d0e-9c55-2f1e5d8a9b01")
                .withResourceVersion("184467").withCreationTimestamp("2026-11-23T12:00:00Z")
                .withLabels(Map.of("app", "web", "pod-template-hash", "7d9c5b", "tier", "frontend"))
                .withAnnotations(Map.of("controller.kubernetes.io/pod-deletion-cost", "100",
                        "apps.kruise.io/workloadspread", "{\"name\":\"web-spread\",\"subset\":\"zone-a\"}"))
                .addNewOwnerReference().withApiVersion("apps/v1").withKind("ReplicaSet").withName("web-7d9c5b")
                .withUid("5c1d0e2f-3a4b-4c5d-8e9f-0a1b2c3d4e5f").withController(true).withBlockOwnerDeletion(true).endOwnerReference()
                .endMetadata()
                .withNewSpec().withNodeName("zone-a-node-3").withSchedulerName("default-scheduler")
                .addNewContainer().withName("main").withImage("nginx:1.27")
                .withNewResources().addToRequests("cpu", new Quantity("100m")).addToRequests("memory", new Quantity("128Mi"))
                .endResources().endContainer()
                .addNewToleration().withKey("node.kubernetes.io/not-ready").withOperator("Exists").withEffect("NoExecute")
                .withTolerationSeconds(300L).endToleration()
                .addNewToleration().withKey("virtual-kubelet.io/provider").withOperator("Equal").withValue("eci")
                .withEffect("NoSchedule").endToleration()
                .withNewAffinity().withNewNodeAffinity().withNewRequiredDuringSchedulingIgnoredDuringExecution()
                .addNewNodeSelectorTerm().addNewMatchExpression().withKey("topology.kubernetes.io/zone").withOperator("In")
                .withValues("zone-a").endMatchExpression().endNodeSelectorTerm()
                .endRequiredDuringSchedulingIgnoredDuringExecution().endNodeAffinity().endAffinity()
                .endSpec()
                .withNewStatus().withPhase("Running").withHostIP("10.0.3.12").withPodIP("10.244.3.17")
                .withStartTime("2026-11-23T12:00:01Z")
                .addNewCondition().withType("PodScheduled").withStatus("True").endCondition()
                .addNewCondition().withType("Initialized").withStatus("True").endCondition()
                .addNewCondition().withType("ContainersReady").withStatus("True").endCondition()
                .addNewCondition().withType("Ready").withStatus("True").endCondition()
                .addNewContainerStatus().withName("main").withImage("nginx:1.27").withReady(true).withRestartCount(0)
                .withNewState().withNewRunning().withStartedAt("2026-11-23T12:00:02Z").endRunning().endState()
                .endContainerStatus()
                .endStatus().build();
    }
}
