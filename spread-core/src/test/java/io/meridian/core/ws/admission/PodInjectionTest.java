package io.meridian.core.ws.admission;

import static io.meridian.core.ws.admission.Fixtures.JSON;
import static io.meridian.core.ws.admission.Fixtures.clonesetPod;
import static io.meridian.core.ws.admission.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;
import io.fabric8.kubernetes.api.model.Toleration;
import io.meridian.core.patch.KubernetesStrategicMergePatch;
import io.meridian.core.ws.MatchedWorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.util.List;
import org.junit.jupiter.api.Test;

class PodInjectionTest {
    private static final MatchedWorkloadSpread MATCHED = new MatchedWorkloadSpread("ws", "zone-a", "");
    private final PodInjection injection = new PodInjection(new KubernetesStrategicMergePatch());

    private static WorkloadSpreadSubset subset(String required, String preferred, String tolerations, String patch) {
        return new WorkloadSpreadSubset("zone-a",
                required == null ? null : JSON.convertValue(json(required), NodeSelectorTerm.class),
                preferred == null ? null : List.of(JSON.convertValue(json(preferred), PreferredSchedulingTerm.class)),
                tolerations == null ? null : List.of(JSON.convertValue(json(tolerations), Toleration.class)),
                new IntOrString(3), null, patch == null ? null : json(patch));
    }

    private static JsonNode nodeAffinity(JsonNode pod) {
        return pod.path("spec").path("affinity").path("nodeAffinity");
    }

    @Test
    void emptyNodeAffinityIsCreatedEvenWithNothingToAdd() {
        JsonNode pod = injection.inject(clonesetPod("p"), subset(null, null, null, null), MATCHED);
        assertThat(pod.path("spec").path("affinity")).isEqualTo(json("{'nodeAffinity':{}}"));
    }

    @Test
    void tolerationsAreAppended() {
        ObjectNode original = clonesetPod("p");
        original.with("spec").putArray("tolerations").addObject().put("key", "existing").put("operator", "Exists");
        JsonNode pod = injection.inject(original, subset(null, null, "{'key':'zone','operator':'Exists','effect':'NoSchedule'}", null), MATCHED);
        assertThat(pod.path("spec").path("tolerations")).isEqualTo(json(
                "[{'key':'existing','operator':'Exists'},{'effect':'NoSchedule','key':'zone','operator':'Exists'}]"));
    }

    @Test
    void preferredTermsAreAppended() {
        JsonNode pod = injection.inject(clonesetPod("p"),
                subset(null, "{'weight':5,'preference':{'matchExpressions':[{'key':'z','operator':'In','values':['a']}]}}", null, null),
                MATCHED);
        assertThat(nodeAffinity(pod).path("preferredDuringSchedulingIgnoredDuringExecution")).isEqualTo(json(
                "[{'preference':{'matchExpressions':[{'key':'z','operator':'In','values':['a']}]},'weight':5}]"));
    }

    @Test
    void requiredTermBecomesTheOnlyTermWhenThePodHasNone() {
        JsonNode pod = injection.inject(clonesetPod("p"),
                subset("{'matchExpressions':[{'key':'z','operator':'In','values':['a']}]}", null, null, null), MATCHED);
        assertThat(nodeAffinity(pod).path("requiredDuringSchedulingIgnoredDuringExecution").path("nodeSelectorTerms"))
                .isEqualTo(json("[{'matchExpressions':[{'key':'z','operator':'In','values':['a']}]}]"));
    }

    @Test
    void requiredTermIsAndedIntoEveryExistingTerm() {
        ObjectNode original = clonesetPod("p");
        original.with("spec").set("affinity", json("{'nodeAffinity':{'requiredDuringSchedulingIgnoredDuringExecution':"
                + "{'nodeSelectorTerms':[{'matchExpressions':[{'key':'x','operator':'Exists'}]},{'matchFields':[{'key':'f','operator':'Exists'}]}]}}}"));
        JsonNode pod = injection.inject(original, subset("{'matchExpressions':[{'key':'z','operator':'In','values':['a']}],"
                + "'matchFields':[{'key':'metadata.name','operator':'In','values':['n1']}]}", null, null, null), MATCHED);
        assertThat(nodeAffinity(pod).path("requiredDuringSchedulingIgnoredDuringExecution").path("nodeSelectorTerms")).isEqualTo(json(
                "[{'matchExpressions':[{'key':'x','operator':'Exists'},{'key':'z','operator':'In','values':['a']}],"
                        + "'matchFields':[{'key':'metadata.name','operator':'In','values':['n1']}]},"
                        + "{'matchFields':[{'key':'f','operator':'Exists'},{'key':'metadata.name','operator':'In','values':['n1']}],"
                        + "'matchExpressions':[{'key':'z','operator':'In','values':['a']}]}]"));
    }

    @Test
    void patchIsAppliedAsStrategicMerge() {
        JsonNode pod = injection.inject(clonesetPod("p"), subset(null, null, null,
                "{'metadata':{'labels':{'zone':'a'}},'spec':{'containers':[{'name':'main','env':[{'name':'ZONE','value':'a'}]}]}}"), MATCHED);
        assertThat(pod.path("metadata").path("labels")).isEqualTo(json("{'zone':'a'}"));
        assertThat(pod.path("spec").path("containers")).isEqualTo(json("[{'name':'main','image':'nginx','env':[{'name':'ZONE','value':'a'}]}]"));
    }

    @Test
    void priorityIsClearedWhenThePatchChangesThePriorityClass() {
        ObjectNode original = clonesetPod("p");
        original.with("spec").put("priorityClassName", "low").put("priority", 10);
        JsonNode pod = injection.inject(original, subset(null, null, null, "{'spec':{'priorityClassName':'high'}}"), MATCHED);
        assertThat(pod.path("spec").has("priority")).isFalse();
        assertThat(pod.path("spec").path("priorityClassName").asText()).isEqualTo("high");
    }

    @Test
    void priorityIsKeptWhenThePriorityClassDoesNotChange() {
        ObjectNode original = clonesetPod("p");
        original.with("spec").put("priorityClassName", "low").put("priority", 10);
        JsonNode pod = injection.inject(original, subset(null, null, null, "{'spec':{'priorityClassName':'low'}}"), MATCHED);
        assertThat(pod.path("spec").path("priority").asInt()).isEqualTo(10);
    }

    @Test
    void matchedAnnotationIsWrittenLast() {
        JsonNode pod = injection.inject(clonesetPod("p"), subset(null, null, null,
                "{'metadata':{'annotations':{'apps.kruise.io/matched-workloadspread':'forged'}}}"), MATCHED);
        assertThat(pod.path("metadata").path("annotations").path(MatchedWorkloadSpread.ANNOTATION).asText())
                .isEqualTo("{\"name\":\"ws\",\"subset\":\"zone-a\"}");
    }

    @Test
    void incomingPodIsNotModified() {
        ObjectNode original = clonesetPod("p");
        JsonNode before = original.deepCopy();
        injection.inject(original, subset("{'matchExpressions':[{'key':'z','operator':'Exists'}]}", null, null, "{'metadata':{'labels':{'a':'b'}}}"), MATCHED);
        assertThat(original).isEqualTo(before);
    }
}
