package io.meridian.core.validation;

import static io.meridian.core.validation.Json.with;
import static io.meridian.core.validation.Json.without;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnitedDeploymentValidatorTest {
    private static final ObjectNode UD = Json.object("{apiVersion:'apps.kruise.io/v1alpha1',kind:'UnitedDeployment',"
            + "metadata:{name:'ud'},spec:{replicas:6,selector:{matchLabels:{app:'web'}},"
            + "template:{deploymentTemplate:{metadata:{labels:{app:'web'}},spec:{template:{metadata:{labels:{app:'web'}},"
            + "spec:{containers:[{name:'c',image:'nginx'}]}}}}},"
            + "topology:{subsets:[{name:'a',nodeSelectorTerm:{matchExpressions:[{key:'zone',operator:'In',values:['a']}]},"
            + "tolerations:[{key:'zone',operator:'Exists'}],replicas:3},{name:'b',replicas:'50%'}]}}}");
    private static final ObjectNode MIN_MAX = with(with(UD, "spec.topology.subsets.0", "{name:'a',minReplicas:1,maxReplicas:3}"),
            "spec.topology.subsets.1", "{name:'b',minReplicas:'50%'}");
    private static final ObjectNode STATEFUL = with(without(UD, "spec.template.deploymentTemplate"),
            "spec.template.statefulSetTemplate", "{metadata:{labels:{app:'web'}},spec:{serviceName:'web',"
                    + "template:{spec:{containers:[{name:'c',image:'db'}]}}}}");

    private static List<String> errors(JsonNode manifest) {
        return UnitedDeploymentValidator.validate(manifest, ValidationContext.unknown()).rendered();
    }

    private static List<String> updateErrors(JsonNode manifest, JsonNode old) {
        return UnitedDeploymentValidator.validate(manifest, ValidationContext.unknown().withOldObject(old)).rendered();
    }

    @Test
    void aValidUnitedDeploymentHasNoErrors() {
        assertThat(errors(UD)).isEmpty();
        assertThat(errors(MIN_MAX)).isEmpty();
        assertThat(errors(STATEFUL)).isEmpty();
    }

    @Test
    void negativeReplicasAreInvalid() {
        assertThat(errors(with(UD, "spec.replicas", "-1"))).first().asString()
                .isEqualTo("spec.replicas: Invalid value: -1: must be greater than or equal to 0");
    }

    @Test
    void theSelectorIsRequired() {
        assertThat(errors(without(UD, "spec.selector"))).containsExactly("spec.selector: Required value");
    }

    @Test
    void anEmptySelectorIsInvalid() {
        assertThat(errors(with(UD, "spec.selector", "{}")))
                .containsExactly("spec.selector: Invalid value: {}: empty selector is invalid for statefulset");
    }

    @Test
    void anInvalidSelectorIsReported() {
        assertThat(errors(with(UD, "spec.selector", "{matchExpressions:[{key:'app',operator:'In'}]}"))).containsExactly(
                "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'");
    }

    @Test
    void templateLabelsMustMatchTheSelector() {
        assertThat(errors(with(UD, "spec.template.deploymentTemplate.metadata.labels", "{app:'api'}"))).containsExactly(
                "spec.template.deploymentTemplate.metadata.labels: Invalid value: {\"app\":\"api\"}: "
                        + "`selector` does not match template `labels`");
    }

    @Test
    void exactlyOneTemplateIsNeeded() {
        assertThat(errors(with(UD, "spec.template", "{}"))).containsExactly("spec.template: Invalid value: {}: should "
                + "provide one of statefulSetTemplate, advancedStatefulSetTemplate, cloneSetTemplate, or deploymentTemplate");
        assertThat(errors(without(UD, "spec.template"))).containsExactly("spec.template: Required value: should "
                + "provide one of statefulSetTemplate, advancedStatefulSetTemplate, cloneSetTemplate, or deploymentTemplate");
        assertThat(errors(with(UD, "spec.template.cloneSetTemplate", "{}"))).singleElement().asString()
                .endsWith(": should provide only one of statefulSetTemplate, advancedStatefulSetTemplate, "
                        + "cloneSetTemplate, or deploymentTemplate");
    }

    @Test
    void replicasInTheTemplateWillNotBeUsed() {
        assertThat(errors(with(UD, "spec.template.deploymentTemplate.spec.replicas", "3"))).containsExactly(
                "spec.template.deploymentTemplate.spec.replicas: Invalid value: 3: replicas in deploymentTemplate will not be used");
    }

    @Test
    void aPartitionInAStatefulSetTemplateWillNotBeUsed() {
        assertThat(errors(with(STATEFUL, "spec.template.statefulSetTemplate.spec.updateStrategy",
                "{rollingUpdate:{partition:2}}"))).containsExactly("spec.template.statefulSetTemplate.spec.updateStrategy"
                + ".rollingUpdate.partition: Invalid value: 2: partition in statefulSetTemplate will not be used");
    }

    @Test
    void reservationIsOnlyForStatelessWorkloads() {
        ObjectNode adaptive = with(without(STATEFUL, "spec.topology.subsets"), "spec.topology.subsets",
                "[{name:'a',maxReplicas:3},{name:'b'}]");
        adaptive = with(adaptive, "spec.topology.scheduleStrategy", "{type:'Adaptive',adaptive:{reserveUnschedulablePods:true}}");
        assertThat(errors(adaptive)).containsExactly("spec.topology.scheduleStrategy.adaptive.reserveUnschedulablePods: "
                + "Invalid value: true: only stateless workloads (Deployment and CloneSet) are supported by reserved rescheduling");
    }

    @Test
    void subsetNamesAreRequiredUniqueDnsLabels() {
        assertThat(errors(with(UD, "spec.topology.subsets.1.name", "''"))).first().asString()
                .isEqualTo("spec.topology.subsets[1].name: Required value");
        assertThat(errors(with(UD, "spec.topology.subsets.1.name", "'a'"))).first().asString()
                .isEqualTo("spec.topology.subsets[1].name: Invalid value: \"a\": duplicated subset name a");
        assertThat(errors(with(UD, "spec.topology.subsets.1.name", "'Zone_B'"))).first().asString()
                .startsWith("spec.topology.subsets[1].name: Invalid value: \"Zone_B\": invalid subset name a lowercase RFC 1123 label");
    }

    @Test
    void subsetNodeSelectorAndTolerationsUseTheCoreValidators() {
        ObjectNode ud = with(UD, "spec.topology.subsets.0.nodeSelectorTerm.matchExpressions.0",
                "{key:'cpu',operator:'Gt',values:['1','2']}");
        ud = with(ud, "spec.topology.subsets.0.tolerations.0.operator", "'Maybe'");
        assertThat(errors(ud)).containsExactly(
                "spec.topology.subsets[0].nodeSelectorTerm.matchExpressions[0].values: Required value: "
                        + "must be specified single value when `operator` is 'Lt' or 'Gt'",
                "spec.topology.subsets[0].tolerations[0].operator: Unsupported value: \"Maybe\": supported values: "
                        + "\"Equal\", \"Exists\"");
    }

    @Test
    void replicasWithTheAdaptiveStrategyAreForbidden() {
        assertThat(errors(with(UD, "spec.topology.scheduleStrategy", "{type:'Adaptive'}"))).containsExactly(
                "spec.topology.subsets[0].replicas: Forbidden: specify replicas use minReplicas/maxReplicas to enable adaptive strategy",
                "spec.topology.subsets[1].replicas: Forbidden: specify replicas use minReplicas/maxReplicas to enable adaptive strategy");
    }

    @Test
    void anUpdateStrategyOtherThanManualIsNotSupported() {
        assertThat(errors(with(UD, "spec.updateStrategy", "{type:'Auto'}"))).containsExactly(
                "spec.updateStrategy.type: Unsupported value: \"Auto\": supported values: \"Manual\"");
    }

    @Test
    void aPartitionForAnUnknownSubsetIsInvalid() {
        assertThat(errors(with(UD, "spec.updateStrategy", "{type:'Manual',manualUpdate:{partitions:{a:1,c:2}}}")))
                .containsExactly("spec.updateStrategy.manualUpdate.partitions: Invalid value: {\"a\":1,\"c\":2}: "
                        + "subset c does not exist");
    }

    @Test
    void unparsableSubsetReplicasAreReportedOnTheirField() {
        assertThat(errors(with(UD, "spec.topology.subsets.1.replicas", "'half'"))).containsExactly(
                "spec.topology.subsets[1].replicas: Invalid value: \"half\": subset replicas (half) only support integer "
                        + "value or percentage value with a suffix '%'");
        assertThat(errors(with(UD, "spec.topology.subsets.1.replicas", "'150%'"))).containsExactly(
                "spec.topology.subsets[1].replicas: Invalid value: \"150%\": subset replicas (150%) should be in range [0, 100]");
        assertThat(errors(with(UD, "spec.topology.subsets.1.replicas", "'x%'"))).singleElement().asString()
                .contains("subset replicas (x%) should be correct percentage integer: ");
    }

    @Test
    void aPercentageNeedsUnitedDeploymentReplicas() {
        assertThat(errors(without(UD, "spec.replicas"))).containsExactly("spec.topology.subsets[1].replicas: Invalid "
                + "value: \"50%\": subsetReplicas (50%) should not be string when unitedDeployment replicas is empty");
    }

    @Test
    void minAboveMaxIsInvalid() {
        assertThat(errors(with(MIN_MAX, "spec.topology.subsets.0.minReplicas", "4"))).containsExactly(
                "spec.topology.subsets[0].minReplicas: Invalid value: 4: subset[0].minReplicas must be less than or equal to maxReplicas");
    }

    @Test
    void replicasAndMinMaxAreMutuallyExclusive() {
        assertThat(errors(with(MIN_MAX, "spec.topology.subsets.1.replicas", "1"))).containsExactly(
                "spec.topology.subsets: Invalid value: 6: subset.Replicas and subset.MinReplicas/subset.MaxReplicas are "
                        + "mutually exclusive in a UnitedDeployment");
    }

    @Test
    void minMaxNeedsUnitedDeploymentReplicas() {
        ObjectNode ud = with(without(MIN_MAX, "spec.replicas"), "spec.topology.subsets.1", "{name:'b',minReplicas:1}");
        assertThat(errors(ud)).containsExactly("spec.replicas: Invalid value: null: spec.replicas must be not empty if "
                + "you set subset.minReplicas/maxReplicas");
    }

    @Test
    void atLeastOneMaxReplicasMustBeEmpty() {
        assertThat(errors(with(MIN_MAX, "spec.topology.subsets.1.maxReplicas", "5"))).containsExactly(
                "spec.topology.subsets: Invalid value: 6: at least one subset.maxReplicas must be empty");
    }

    @Test
    void summedReplicasMayNotExceedTheTotal() {
        assertThat(errors(with(without(UD, "spec.topology.subsets.1.replicas"), "spec.topology.subsets.0.replicas", "7")))
                .containsExactly("spec.topology.subsets: Invalid value: 7: sum of indicated subset replicas 7 should "
                        + "not be greater than UnitedDeployment replicas 6");
    }

    @Test
    void replicasOfAllSubsetsMustAddUpToTheTotal() {
        assertThat(errors(with(UD, "spec.topology.subsets.0.replicas", "1"))).containsExactly(
                "spec.topology.subsets: Invalid value: 4: if replicas of all subsets are provided, the sum of indicated "
                        + "subset replicas 4 should equal UnitedDeployment replicas 6");
        assertThat(errors(without(UD, "spec.topology.subsets.1.replicas"))).isEmpty();
    }

    @Test
    void withoutTotalReplicasEverySubsetNeedsReplicas() {
        ObjectNode ud = with(without(UD, "spec.replicas"), "spec.topology.subsets.1", "{name:'b'}");
        assertThat(errors(ud)).containsExactly("spec.topology.subsets: Invalid value: 3: if UnitedDeployment replicas is "
                + "not provided, replicas of all subsets should be provided");
        assertThat(errors(with(ud, "spec.topology.subsets.1.replicas", "2"))).isEmpty();
    }

    @Test
    void subsetNodeSelectorAndTolerationsAreImmutable() {
        ObjectNode old = with(UD, "spec.topology.subsets.0.nodeSelectorTerm.matchExpressions.0.values", "['b']");
        old = with(old, "spec.topology.subsets.0.tolerations", "[]");
        assertThat(updateErrors(UD, old)).containsExactly(
                "spec.topology.subsets[0].nodeSelectorTerm: Forbidden: may not be changed in an update",
                "spec.topology.subsets[0].tolerations: Forbidden: may not be changed in an update");
        assertThat(updateErrors(UD, UD)).isEmpty();
    }

    @Test
    void aNewSubsetOnUpdateIsNotAChange() {
        ObjectNode old = with(UD, "spec.topology.subsets", "[" + UD.at("/spec/topology/subsets/0") + "]");
        assertThat(updateErrors(UD, old)).isEmpty();
    }

    @Test
    void statefulSetTemplateSpecMayChangeOnlyInAllowedFields() {
        ObjectNode changedTemplate = with(STATEFUL, "spec.template.statefulSetTemplate.spec.minReadySeconds", "5");
        assertThat(updateErrors(changedTemplate, STATEFUL)).isEmpty();
        ObjectNode changedService = with(STATEFUL, "spec.template.statefulSetTemplate.spec.serviceName", "'db'");
        assertThat(updateErrors(changedService, STATEFUL)).singleElement().asString()
                .startsWith("spec.template.statefulSetTemplate.spec: Forbidden: updates to statefulSetTemplate spec");
    }

    @Test
    void wrongTypesAreReportedWithTheirPath() {
        ObjectNode ud = with(UD, "spec.replicas", "'6'");
        ud = with(ud, "spec.topology.subsets.0.tolerations", "{}");
        assertThat(errors(ud)).contains("spec.replicas: Invalid value: \"6\": must be of type integer",
                "spec.topology.subsets[0].tolerations: Invalid value: {}: must be of type array");
    }
}
