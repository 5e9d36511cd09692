package io.meridian.core.ud.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.meridian.core.ud.model.Subset;
import io.meridian.core.ud.model.SubsetTemplate.KindedTemplate;
import io.meridian.core.ud.model.UnitedDeployment;
import org.junit.jupiter.api.Test;

class SubsetWorkloadRendererTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final FakeStrategicMergePatch patcher = new FakeStrategicMergePatch();
    private final SubsetWorkloadRenderer renderer = new SubsetWorkloadRenderer(patcher);

    private static UnitedDeployment ud(String templateField, String templateSpec) {
        String manifest = """
                {"apiVersion": "apps.kruise.io/v1beta1", "kind": "UnitedDeployment",
                 "metadata": {"name": "web", "namespace": "prod", "uid": "uid-1"},
                 "spec": {"replicas": 4, "selector": {"matchLabels": {"app": "web", "tier": "front"}},
                   "template": {"%s": {"metadata": {"labels": {"app": "web", "tier": "template"},
                                                     "annotations": {"team": "a"}},
                                       "spec": %s}},
                   "topology": {"subsets": [
                     {"name": "zone-a", "cluster": "member-1",
                      "nodeSelectorTerm": {"matchExpressions": [{"key": "zone", "operator": "In", "values": ["a"]}]},
                      "tolerations": [{"key": "dedicated", "operator": "Exists", "effect": "NoSchedule"}],
                      "patch": {"metadata": {"labels": {"patched": "yes"}}}},
                     {"name": "Zone_B"}]}}}
                """.formatted(templateField, templateSpec);
        try {
            return JSON.readValue(manifest, UnitedDeployment.class);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static final String POD_TEMPLATE = """
            {"template": {"metadata": {"labels": {"app": "web"}},
              "spec": {"containers": [{"name": "c", "image": "nginx"}],
                       "tolerations": [{"key": "existing", "operator": "Exists"}],
                       "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution":
                          {"nodeSelectorTerms": [{"matchExpressions": [{"key": "disk", "operator": "In", "values": ["ssd"]}]},
                                                 {"matchExpressions": [{"key": "gpu", "operator": "Exists"}]}]}}}}}}
            """;

    private RenderedWorkload render(UnitedDeployment ud, int subsetIndex, SubsetRenderRequest request) {
        KindedTemplate template = ud.spec().template().present().get(0);
        Subset subset = ud.spec().topology().subsets().get(subsetIndex);
        return renderer.render(ud, template, subset, request);
    }

    private RenderedWorkload cloneSetZoneA() {
        return render(ud("cloneSetTemplate", POD_TEMPLATE), 0, SubsetRenderRequest.of(3, 1, "rev-1"));
    }

    @Test
    void generateNameJoinsUdAndSubsetNames() {
        assertThat(cloneSetZoneA().manifest().at("/metadata/generateName").asText()).isEqualTo("web-zone-a-");
    }

    @Test
    void generateNameFallsBackToUdNameWhenSubsetNameIsNotDnsSafe() {
        RenderedWorkload workload = render(ud("cloneSetTemplate", POD_TEMPLATE), 1, SubsetRenderRequest.of(1, 0, "r"));
        assertThat(workload.manifest().at("/metadata/generateName").asText()).isEqualTo("web-");
    }

    @Test
    void clusterOfTheSubsetIsCarriedIntoTheOutput() {
        assertThat(cloneSetZoneA().cluster()).isEqualTo("member-1");
    }

    @Test
    void workloadLabelsAreTemplateThenSelectorThenRevisionAndSubset() {
        JsonNode labels = cloneSetZoneA().manifest().at("/metadata/labels");
        assertThat(labels.path("tier").asText()).isEqualTo("front");
        assertThat(labels.path("app").asText()).isEqualTo("web");
        assertThat(labels.path("apps.kruise.io/controller-revision-hash").asText()).isEqualTo("rev-1");
        assertThat(labels.path("apps.kruise.io/subset-name").asText()).isEqualTo("zone-a");
    }

    @Test
    void annotationsAreTemplateAnnotationsPlusTheRawPatch() {
        JsonNode annotations = cloneSetZoneA().manifest().at("/metadata/annotations");
        assertThat(annotations.path("team").asText()).isEqualTo("a");
        assertThat(annotations.path("apps.kruise.io/subset-patch").asText())
                .isEqualTo("{\"metadata\":{\"labels\":{\"patched\":\"yes\"}}}");
    }

    @Test
    void selectorIsTheUdSelectorWithTheSubsetName() {
        JsonNode matchLabels = cloneSetZoneA().manifest().at("/spec/selector/matchLabels");
        assertThat(matchLabels.size()).isEqualTo(3);
        assertThat(matchLabels.path("apps.kruise.io/subset-name").asText()).isEqualTo("zone-a");
    }

    @Test
    void ownerIsTheUnitedDeploymentAsController() {
        JsonNode owner = cloneSetZoneA().manifest().at("/metadata/ownerReferences/0");
        assertThat(owner.path("kind").asText()).isEqualTo("UnitedDeployment");
        assertThat(owner.path("uid").asText()).isEqualTo("uid-1");
        assertThat(owner.path("controller").asBoolean()).isTrue();
    }

    @Test
    void cloneSetGetsReplicasAndPartition() {
        JsonNode manifest = cloneSetZoneA().manifest();
        assertThat(manifest.path("kind").asText()).isEqualTo("CloneSet");
        assertThat(manifest.at("/spec/replicas").asInt()).isEqualTo(3);
        assertThat(manifest.at("/spec/updateStrategy/partition").asInt()).isEqualTo(1);
    }

    @Test
    void statefulSetGetsRollingUpdatePartitionWhenTypeIsEmpty() {
        RenderedWorkload workload = render(ud("statefulSetTemplate", POD_TEMPLATE), 0, SubsetRenderRequest.of(3, 2, "r"));
        assertThat(workload.manifest().at("/spec/updateStrategy/rollingUpdate/partition").asInt()).isEqualTo(2);
    }

    @Test
    void statefulSetWithOnDeleteGetsNoPartition() {
        RenderedWorkload workload = render(ud("advancedStatefulSetTemplate", """
                {"updateStrategy": {"type": "OnDelete"}}"""), 0, SubsetRenderRequest.of(3, 2, "r"));
        assertThat(workload.manifest().at("/spec/updateStrategy/rollingUpdate").isMissingNode()).isTrue();
        assertThat(workload.manifest().path("apiVersion").asText()).isEqualTo("apps.kruise.io/v1beta1");
    }

    @Test
    void deploymentGetsNoPartition() {
        RenderedWorkload workload = render(ud("deploymentTemplate", POD_TEMPLATE), 0, SubsetRenderRequest.of(3, 2, "r"));
        assertThat(workload.manifest().at("/spec/updateStrategy").isMissingNode()).isTrue();
        assertThat(workload.manifest().at("/spec/replicas").asInt()).isEqualTo(3);
    }

    @Test
    void podTemplateCarriesSubsetAndRevisionLabels() {
        JsonNode labels = cloneSetZoneA().manifest().at("/spec/template/metadata/labels");
        assertThat(labels.path("apps.kruise.io/subset-name").asText()).isEqualTo("zone-a");
        assertThat(labels.path("apps.kruise.io/controller-revision-hash").asText()).isEqualTo("rev-1");
    }

    @Test
    void subsetExpressionsAreAppendedToEveryRequiredTerm() {
        JsonNode terms = cloneSetZoneA().manifest()
                .at("/spec/template/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms");
        assertThat(terms.size()).isEqualTo(2);
        assertThat(terms.get(0).path("matchExpressions").get(1).path("key").asText()).isEqualTo("zone");
        assertThat(terms.get(1).path("matchExpressions").get(1).path("key").asText()).isEqualTo("zone");
    }

    @Test
    void oneRequiredTermIsCreatedWhenThereIsNone() {
        RenderedWorkload workload = render(ud("cloneSetTemplate", "{}"), 0, SubsetRenderRequest.of(1, 0, "r"));
        JsonNode terms = workload.manifest()
                .at("/spec/template/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms");
        assertThat(terms.size()).isEqualTo(1);
        assertThat(terms.get(0).path("matchExpressions").get(0).path("key").asText()).isEqualTo("zone");
    }

    @Test
    void tolerationsAreAppended() {
        JsonNode tolerations = cloneSetZoneA().manifest().at("/spec/template/spec/tolerations");
        assertThat(tolerations.size()).isEqualTo(2);
        assertThat(tolerations.get(1).path("key").asText()).isEqualTo("dedicated");
    }

    @Test
    void patchIsAppliedLastToTheFinishedPodTemplate() {
        JsonNode template = cloneSetZoneA().manifest().at("/spec/template");
        assertThat(template.at("/metadata/labels/patched").asText()).isEqualTo("yes");
        assertThat(patcher.lastTemplateSeen().at("/spec/tolerations").size()).isEqualTo(2);
        assertThat(patcher.lastTemplateSeen().at("/metadata/labels/apps.kruise.io~1subset-name").asText())
                .isEqualTo("zone-a");
    }

    @Test
    void maxUnavailableGoesIntoTheCloneSetUpdateStrategy() {
        RenderedWorkload workload = render(ud("cloneSetTemplate", POD_TEMPLATE), 0,
                SubsetRenderRequest.of(3, 0, "r").withMaxUnavailable(2));
        assertThat(workload.manifest().at("/spec/updateStrategy/maxUnavailable").asInt()).isEqualTo(2);
    }

    @Test
    void namedWorkloadReplacesGenerateName() {
        JsonNode metadata = cloneSetZoneA().named("web-zone-a-x1").manifest().path("metadata");
        assertThat(metadata.path("name").asText()).isEqualTo("web-zone-a-x1");
        assertThat(metadata.has("generateName")).isFalse();
    }

    @Test
    void templateInputIsNotModified() {
        UnitedDeployment ud = ud("cloneSetTemplate", POD_TEMPLATE);
        String before = ud.spec().template().cloneSetTemplate().spec().toString();
        render(ud, 0, SubsetRenderRequest.of(3, 1, "r"));
        assertThat(ud.spec().template().cloneSetTemplate().spec().toString()).isEqualTo(before);
    }
}
