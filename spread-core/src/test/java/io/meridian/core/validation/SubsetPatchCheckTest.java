package io.meridian.core.validation;

import static io.meridian.core.validation.Json.with;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The subset patch is tried on the target's pod template when the target is known. */
class SubsetPatchCheckTest {
    private static final ObjectNode WS = Json.object("{apiVersion:'apps.meridian.io/v1alpha1',kind:'WorkloadSpread',"
            + "metadata:{name:'ws'},spec:{targetRef:{apiVersion:'apps/v1',kind:'Deployment',name:'web'},"
            + "subsets:[{name:'a',patch:{metadata:{labels:{zone:'a'}}}}]}}");
    private static final JsonNode DEPLOYMENT = Json.parse("{apiVersion:'apps/v1',kind:'Deployment',"
            + "metadata:{name:'web'},spec:{template:{metadata:{labels:{app:'web'}},"
            + "spec:{containers:[{name:'main',image:'nginx'}]}}}}");
    private static final JsonNode STATEFUL_SET = Json.parse("{apiVersion:'apps/v1',kind:'StatefulSet',"
            + "metadata:{name:'web'},spec:{volumeClaimTemplates:[{metadata:{name:'data'}}],template:{"
            + "spec:{containers:[{name:'main',image:'db'}]}}}}");

    private static List<String> errors(JsonNode manifest, JsonNode workload) {
        ValidationContext context = ValidationContext.unknown()
                .withTargetWorkload(new TargetWorkload(workload, new FakeStrategicMergePatch()));
        return WorkloadSpreadValidator.validate(manifest, context).rendered();
    }

    @Test
    void aPatchThatKeepsThePodValidPasses() {
        assertThat(errors(WS, DEPLOYMENT)).isEmpty();
    }

    @Test
    void aPatchThatBreaksThePodSpecIsReportedUnderThePatch() {
        ObjectNode ws = with(WS, "spec.subsets.0.patch", "{spec:{containers:[{name:'Main_1',image:'nginx'}]}}");
        assertThat(errors(ws, DEPLOYMENT)).singleElement().asString()
                .startsWith("spec.subsets[0].patch.spec.containers[0].name: Invalid value: \"Main_1\"");
    }

    @Test
    void aPatchWithBadLabelsIsReported() {
        ObjectNode ws = with(WS, "spec.subsets.0.patch", "{metadata:{labels:{zone:'-a'}}}");
        assertThat(errors(ws, DEPLOYMENT)).singleElement().asString()
                .startsWith("spec.subsets[0].patch.metadata.labels: Invalid value: \"-a\"");
    }

    @Test
    void aPatchThatCannotBeMergedIsReported() {
        ObjectNode ws = with(WS, "spec.subsets.0.patch", "{'$fail':'boom'}");
        assertThat(errors(ws, DEPLOYMENT)).containsExactly(
                "spec.subsets[0].patch: Invalid value: {\"$fail\":\"boom\"}: failed to merge patch: boom");
    }

    @Test
    void aPatchGivingAFieldTheWrongTypeFailsToUnmarshal() {
        ObjectNode ws = with(WS, "spec.subsets.0.patch", "{spec:{containers:'none'}}");
        assertThat(errors(ws, DEPLOYMENT)).singleElement().asString().startsWith("spec.subsets[0].patch: Invalid value: ")
                .contains("failed to unmarshal: spec.subsets[0].patch.spec.containers: Invalid value: \"none\"");
    }

    @Test
    void claimTemplatesCountAsVolumesForStatefulSets() {
        ObjectNode ws = with(with(WS, "spec.targetRef.kind", "'StatefulSet'"), "spec.subsets.0.patch",
                "{spec:{containers:[{name:'main',image:'db',volumeMounts:[{name:'data',mountPath:'/d'}]}]}}");
        assertThat(errors(ws, STATEFUL_SET)).isEmpty();
        assertThat(errors(with(ws, "spec.subsets.0.patch.spec.containers.0.volumeMounts.0.name", "'logs'"),
                STATEFUL_SET)).containsExactly("spec.subsets[0].patch.spec.containers[0].volumeMounts[0].name: "
                + "Invalid value: \"logs\": must match the name of a volume");
    }

    @Test
    void withoutAKnownTargetThePatchIsNotTried() {
        ObjectNode ws = with(WS, "spec.subsets.0.patch", "{'$fail':'boom'}");
        assertThat(WorkloadSpreadValidator.validate(ws, ValidationContext.unknown()).isValid()).isTrue();
    }

    @Test
    void aPatchThatIsNotAnObjectIsATypeError() {
        assertThat(errors(with(WS, "spec.subsets.0.patch", "'x'"), DEPLOYMENT))
                .containsExactly("spec.subsets[0].patch: Invalid value: \"x\": must be of type object");
    }
}
