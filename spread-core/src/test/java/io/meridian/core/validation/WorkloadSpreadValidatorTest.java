package io.meridian.core.validation;

import static io.meridian.core.validation.Json.with;
import static io.meridian.core.validation.Json.without;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadSpreadValidatorTest {
    private static final ObjectNode WS = Json.object("{apiVersion:'apps.kruise.io/v1alpha1',kind:'WorkloadSpread',"
            + "metadata:{name:'ws',namespace:'default'},spec:{"
            + "targetRef:{apiVersion:'apps/v1',kind:'Deployment',name:'web'},"
            + "subsets:[{name:'a',requiredNodeSelectorTerm:{matchExpressions:[{key:'zone',operator:'In',values:['a']}]},"
            + "preferredNodeSelectorTerms:[{weight:10,preference:{matchExpressions:[{key:'spot',operator:'Exists'}]}}],"
            + "tolerations:[{key:'dedicated',operator:'Exists'}],maxReplicas:3},"
            + "{name:'b'}]}}");
    private static final ObjectNode BETA = Json.object("{apiVersion:'apps.kruise.io/v1beta1',kind:'WorkloadSpread',"
            + "metadata:{name:'ws'},spec:{targetRef:{apiVersion:'apps.kruise.io/v1alpha1',kind:'CloneSet',name:'web'},"
            + "subsets:[{name:'a',requiredNodeSelector:{matchExpressions:[{key:'zone',operator:'In',values:['a']}]},"
            + "preferredNodeSelector:[{weight:100,preference:{}}],maxReplicas:'40%'},{name:'b',maxReplicas:'60%'}]}}");

    private static List<String> errors(JsonNode manifest) {
        return errors(manifest, ValidationContext.unknown());
    }

    private static List<String> errors(JsonNode manifest, ValidationContext context) {
        return WorkloadSpreadValidator.validate(manifest, context).rendered();
    }

    private static ObjectNode target(String apiVersion, String kind) {
        return with(WS, "spec.targetRef", "{apiVersion:'" + apiVersion + "',kind:'" + kind + "',name:'w'}");
    }

    private static ObjectNode maxReplicas(String... values) {
        ObjectNode ws = with(WS, "spec.subsets", "[]");
        for (int i = 0; i < values.length; i++) {
            String max = values[i] == null ? "" : ",maxReplicas:" + values[i];
            ws = with(ws, "spec.subsets." + i, "{name:'s" + i + "'" + max + "}");
        }
        return ws;
    }

    @Test
    void aValidV1alpha1SpreadHasNoErrors() {
        assertThat(errors(WS)).isEmpty();
    }

    @Test
    void aValidV1beta1SpreadWithPercentagesHasNoErrors() {
        assertThat(errors(BETA)).isEmpty();
    }

    @Test
    void missingTargetRefIsRequired() {
        assertThat(errors(without(WS, "spec.targetRef")))
                .containsExactly("spec.targetRef: Required value: no targetRef defined in WorkloadSpread");
    }

    @Test
    void aTargetRefWithAnEmptyFieldIsInvalid() {
        assertThat(errors(with(WS, "spec.targetRef.name", "''"))).singleElement().asString()
                .startsWith("spec.targetRef: Invalid value: {").endsWith(": empty TargetReference is not valid for WorkloadSpread.");
    }

    @Test
    void aBuiltInKindFromTheWrongGroupIsInvalid() {
        assertThat(errors(target("apps.kruise.io/v1alpha1", "Deployment"))).singleElement().asString()
                .endsWith(": TargetReference is not valid for Deployment.");
        assertThat(errors(target("apps/v1", "CloneSet"))).singleElement().asString()
                .endsWith(": TargetReference is not valid for CloneSet.");
        assertThat(errors(target("batch/v1", "Job"))).isEmpty();
    }

    @Test
    void statefulSetMayComeFromAppsOrKruise() {
        assertThat(errors(target("apps/v1", "StatefulSet"))).isEmpty();
        assertThat(errors(target("apps.kruise.io/v1beta1", "StatefulSet"))).isEmpty();
        assertThat(errors(target("batch/v1", "StatefulSet"))).singleElement().asString()
                .endsWith(": TargetReference is not valid for StatefulSet.");
    }

    @Test
    void aCustomKindMustBeInTheWhitelistWhenTheWhitelistIsKnown() {
        ObjectNode custom = target("example.io/v1", "GameServerSet");
        WhitelistEntry entry = new WhitelistEntry("example.io", "v1", "GameServerSet", "spec.replicas", List.of());
        assertThat(errors(custom, ValidationContext.unknown().withWhitelist(List.of()))).singleElement().asString()
                .endsWith(": TargetReference's GroupKind is not permitted.");
        assertThat(errors(custom, ValidationContext.unknown().withWhitelist(List.of(entry)))).isEmpty();
        assertThat(errors(custom)).isEmpty();
    }

    @Test
    void noSubsetsIsRequired() {
        assertThat(errors(with(WS, "spec.subsets", "[]")))
                .containsExactly("spec.subsets: Required value: subsets number must >= 1 in WorkloadSpread");
        assertThat(errors(without(WS, "spec.subsets")))
                .containsExactly("spec.subsets: Required value: subsets number must >= 1 in WorkloadSpread");
    }

    @Test
    void anEmptySubsetNameIsInvalidWithoutMessage() {
        assertThat(errors(with(WS, "spec.subsets.1.name", "''")))
                .containsExactly("spec.subsets[1].name: Invalid value: \"\"");
    }

    @Test
    void aDuplicateSubsetNameIsInvalid() {
        assertThat(errors(with(WS, "spec.subsets.1.name", "'a'")))
                .containsExactly("spec.subsets[1].name: Invalid value: \"a\": duplicated subset name a");
    }

    @Test
    void nodeSelectionAndTolerationsUseTheCoreValidators() {
        ObjectNode ws = with(WS, "spec.subsets.0.requiredNodeSelectorTerm.matchExpressions.0.values", "[]");
        ws = with(ws, "spec.subsets.0.preferredNodeSelectorTerms.0.weight", "0");
        ws = with(ws, "spec.subsets.0.tolerations.0.effect", "'Never'");
        assertThat(errors(ws)).containsExactly(
                "spec.subsets[0].requiredNodeSelectorTerm.matchExpressions[0].values: Required value: "
                        + "must be specified when `operator` is 'In' or 'NotIn'",
                "spec.subsets[0].preferredNodeSelectorTerms[0].weight: Invalid value: 0: must be in the range 1-100",
                "spec.subsets[0].tolerations[0].effect: Unsupported value: \"Never\": supported values: "
                        + "\"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\"");
    }

    @Test
    void theV1beta1SpellingIsCheckedAtItsOwnPath() {
        assertThat(errors(with(BETA, "spec.subsets.0.preferredNodeSelector.0.weight", "101")))
                .containsExactly("spec.subsets[0].preferredNodeSelector[0].weight: Invalid value: 101: must be in the range 1-100");
    }

    @Test
    void bothSpellingsInOneSubsetAreForbidden() {
        assertThat(errors(with(WS, "spec.subsets.0.requiredNodeSelector", "{}"))).containsExactly(
                "spec.subsets[0].requiredNodeSelectorTerm: Forbidden: may not be set together with requiredNodeSelector");
    }

    @Test
    void maxReplicasOfMixedTypesAreInvalid() {
        assertThat(errors(maxReplicas("3", "'30%'", null))).containsExactly(
                "spec.subsets[1].maxReplicas: Invalid value: \"30%\": the maxReplicas type of all subsets must be the same");
    }

    @Test
    void aStatefulSetTargetNeedsIntegerMaxReplicas() {
        ObjectNode ws = with(maxReplicas("'30%'", null), "spec.targetRef.kind", "'StatefulSet'");
        assertThat(errors(ws)).containsExactly(
                "spec.subsets[0].maxReplicas: Invalid value: \"30%\": the maxReplicas type must be Int for StatefulSet");
    }

    @Test
    void negativeOrUnparsableMaxReplicasAreInvalid() {
        assertThat(errors(maxReplicas("-1", null)))
                .containsExactly("spec.subsets[0].maxReplicas: Invalid value: -1: maxReplicas is not valid for subset");
        assertThat(errors(maxReplicas("'ten%'", null)))
                .containsExactly("spec.subsets[0].maxReplicas: Invalid value: \"ten%\": maxReplicas is not valid for subset");
        assertThat(errors(maxReplicas("'30'", null)))
                .containsExactly("spec.subsets[0].maxReplicas: Invalid value: \"30\": maxReplicas is not valid for subset");
    }

    @Test
    void percentagesOver100AreNotPermitted() {
        assertThat(errors(maxReplicas("'60%'", "'50%'", null))).containsExactly("spec.subsets[1].maxReplicas: "
                + "Invalid value: \"50%\": the sum of all subset's maxReplicas exceeds 100% is no permitted");
    }

    @Test
    void maxReplicasChecksStopAtTheFirstFailure() {
        assertThat(errors(maxReplicas("-1", "'50%'", "'x'"))).hasSize(1);
    }

    @Test
    void percentagesBelow100WithTheLastSubsetBoundedAreReportedOnTheFirstSubset() {
        assertThat(errors(maxReplicas("'30%'", "'50%'"))).containsExactly("spec.subsets[0].maxReplicas: "
                + "Invalid value: \"30%\": maxReplicas sum of all subsets must equal 100% when type is specified as percent");
    }

    @Test
    void percentagesBelow100WithAnUnboundedLastSubsetAreAllowed() {
        assertThat(errors(maxReplicas("'30%'", "'50%'", null))).isEmpty();
        assertThat(errors(maxReplicas("'30%'", "'70%'"))).isEmpty();
    }

    @Test
    void anUnknownScheduleStrategyTypeIsInvalid() {
        assertThat(errors(with(WS, "spec.scheduleStrategy", "{type:'Random'}")))
                .containsExactly("spec.scheduleStrategy.type: Invalid value: \"Random\": ScheduleStrategy's type is not valid");
        assertThat(errors(with(WS, "spec.scheduleStrategy", "{type:''}"))).isEmpty();
        assertThat(errors(with(WS, "spec.scheduleStrategy", "{type:'Fixed'}"))).isEmpty();
    }

    @Test
    void adaptiveSettingsNeedTheAdaptiveType() {
        assertThat(errors(with(maxReplicas("3", null), "spec.scheduleStrategy", "{type:'Fixed',adaptive:{}}")))
                .containsExactly("spec.scheduleStrategy.adaptive: Invalid value: {}: "
                        + "the scheduleStrategy's type must be adaptive when using adaptive scheduleStrategy");
    }

    @Test
    void adaptiveForbidsABoundOnTheLastOfSeveralSubsets() {
        assertThat(errors(with(maxReplicas("3", "4"), "spec.scheduleStrategy", "{type:'Adaptive',adaptive:{}}")))
                .containsExactly("spec.scheduleStrategy.adaptive: Invalid value: {}: "
                        + "the last subset's maxReplicas must be not specified when using adaptive scheduleStrategy");
        assertThat(errors(with(maxReplicas("3"), "spec.scheduleStrategy", "{type:'Adaptive',adaptive:{}}"))).isEmpty();
    }

    @Test
    void rescheduleCriticalSecondsIsCappedBy295OverSubsetsMinusOne() {
        ObjectNode two = with(maxReplicas("3", null), "spec.scheduleStrategy",
                "{type:'Adaptive',adaptive:{rescheduleCriticalSeconds:296}}");
        assertThat(errors(two)).containsExactly("spec.scheduleStrategy.adaptive.rescheduleCriticalSeconds: "
                + "Invalid value: 296: rescheduleCriticalSeconds < 0 or rescheduleCriticalSeconds > 295 is not permitted");
        assertThat(errors(with(two, "spec.scheduleStrategy.adaptive.rescheduleCriticalSeconds", "295"))).isEmpty();
        ObjectNode three = with(maxReplicas("3", "4", null), "spec.scheduleStrategy",
                "{type:'Adaptive',adaptive:{rescheduleCriticalSeconds:148}}");
        assertThat(errors(three)).singleElement().asString().endsWith("rescheduleCriticalSeconds > 147 is not permitted");
    }

    @Test
    void negativeRescheduleCriticalSecondsAreNotPermitted() {
        ObjectNode one = with(maxReplicas((String) null), "spec.scheduleStrategy",
                "{type:'Adaptive',adaptive:{rescheduleCriticalSeconds:-1}}");
        assertThat(errors(one)).singleElement().asString()
                .endsWith("rescheduleCriticalSeconds < 0 or rescheduleCriticalSeconds > 2147483647 is not permitted");
    }

    @Test
    void unschedulableSecondsMovesTheCap() {
        ObjectNode ws = with(maxReplicas("3", null), "spec.scheduleStrategy",
                "{type:'Adaptive',adaptive:{unschedulableSeconds:605,rescheduleCriticalSeconds:600}}");
        assertThat(errors(ws)).isEmpty();
        assertThat(errors(with(ws, "spec.scheduleStrategy.adaptive.unschedulableSeconds", "65"))).singleElement()
                .asString().endsWith("rescheduleCriticalSeconds > 60 is not permitted");
    }

    @Test
    void anUnparsableTargetFilterSelectorIsInvalidWithTheParseError() {
        assertThat(errors(with(WS, "spec.targetFilter", "{selector:{matchExpressions:[{key:'a',operator:'In'}]}}")))
                .singleElement().asString().startsWith("spec.targetFilter.selector: Invalid value: {")
                .endsWith(": values: Invalid value: []: for 'in', 'notin' operators, values set can't be empty");
    }

    @Test
    void anotherSpreadOnTheSameWorkloadConflicts() {
        JsonNode other = with(with(WS, "metadata.name", "'other'"), "spec.targetRef.apiVersion", "'apps/v1beta2'");
        assertThat(errors(WS, ValidationContext.unknown().withOtherWorkloadSpreads(List.of(other)))).singleElement()
                .asString().endsWith(": ws.spec.targetRef is in conflict with other WorkloadSpread other");
    }

    @Test
    void theSpreadItselfAndOtherTargetsDoNotConflict() {
        JsonNode self = WS;
        JsonNode otherTarget = with(with(WS, "metadata.name", "'other'"), "spec.targetRef.name", "'api'");
        assertThat(errors(WS, ValidationContext.unknown().withOtherWorkloadSpreads(List.of(self, otherTarget))))
                .isEmpty();
    }

    @Test
    void changingTheTargetOnUpdateIsNotPermitted() {
        JsonNode old = with(WS, "spec.targetRef.name", "'api'");
        assertThat(errors(WS, ValidationContext.unknown().withOldObject(old))).singleElement().asString()
                .startsWith("spec.targetRef: Invalid value: {")
                .endsWith(": change TargetReference is not permitted for WorkloadSpread");
    }

    @Test
    void changingOnlyTheTargetVersionOnUpdateIsAllowed() {
        JsonNode old = with(WS, "spec.targetRef.apiVersion", "'apps/v1beta1'");
        assertThat(errors(WS, ValidationContext.unknown().withOldObject(old))).isEmpty();
    }

    @Test
    void aDisabledFeatureGateForbidsEverything() {
        assertThat(errors(without(WS, "spec.targetRef"),
                ValidationContext.unknown().withWorkloadSpreadGate(FeatureGate.DISABLED)))
                .containsExactly("Forbidden: feature-gate WorkloadSpread is not enabled");
        assertThat(errors(WS, ValidationContext.unknown().withWorkloadSpreadGate(FeatureGate.ENABLED))).isEmpty();
    }

    @Test
    void minReplicasMayNotExceedAnIntegerMaxReplicas() {
        assertThat(errors(with(WS, "spec.subsets.0.minReplicas", "4"))).containsExactly(
                "spec.subsets[0].minReplicas: Invalid value: 4: subset a: minReplicas must be less than or equal to maxReplicas");
        assertThat(errors(with(WS, "spec.subsets.0.minReplicas", "3"))).isEmpty();
        assertThat(errors(with(WS, "spec.subsets.1.minReplicas", "40"))).isEmpty();
    }

    @Test
    void negativeMinReplicasAreInvalid() {
        assertThat(errors(with(WS, "spec.subsets.1.minReplicas", "-1")))
                .containsExactly("spec.subsets[1].minReplicas: Invalid value: -1: must be greater than or equal to 0");
    }

    @Test
    void wrongTypesAreReportedWithTheirPath() {
        ObjectNode ws = with(WS, "spec.subsets.0.maxReplicas", "true");
        ws = with(ws, "spec.subsets.1.tolerations", "'all'");
        ws = with(ws, "spec.scheduleStrategy", "{type:'Adaptive',adaptive:{rescheduleCriticalSeconds:'10'}}");
        assertThat(errors(ws)).containsExactly(
                "spec.subsets[0].maxReplicas: Invalid value: true: must be of type integer or string",
                "spec.subsets[1].tolerations: Invalid value: \"all\": must be of type array",
                "spec.scheduleStrategy.adaptive.rescheduleCriticalSeconds: Invalid value: \"10\": must be of type integer");
    }

    @Test
    void aSpecThatIsNotAnObjectIsATypeError() {
        assertThat(errors(with(WS, "spec", "[1]"))).containsExactly("spec: Invalid value: [1]: must be of type object");
        assertThat(errors(without(WS, "spec"))).containsExactly("spec: Required value");
    }

    @Test
    void theNameMustBeADnsSubdomain() {
        assertThat(errors(with(WS, "metadata.name", "'Web_1'"))).singleElement().asString()
                .startsWith("metadata.name: Invalid value: \"Web_1\": a lowercase RFC 1123 subdomain");
        assertThat(errors(without(WS, "metadata.name")))
                .containsExactly("metadata.name: Required value: name or generateName is required");
    }
}
