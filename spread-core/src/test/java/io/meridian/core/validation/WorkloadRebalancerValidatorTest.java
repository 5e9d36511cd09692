package io.meridian.core.validation;

import static io.meridian.core.validation.Json.with;
import static io.meridian.core.validation.Json.without;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadRebalancerValidatorTest {
    private static final ObjectNode WR = Json.object("{apiVersion:'apps.karmada.io/v1alpha1',kind:'WorkloadRebalancer',"
            + "metadata:{name:'rebalance'},spec:{workloads:[{apiVersion:'apps/v1',kind:'Deployment',name:'web',"
            + "namespace:'default'},{apiVersion:'rbac.authorization.k8s.io/v1',kind:'ClusterRole',name:'reader'}],"
            + "ttlSecondsAfterFinished:60}}");
    private static final ObjectNode OURS = with(with(WR, "apiVersion", "'apps.meridian.io/v1alpha1'"), "spec.dryRun", "true");

    private static List<String> errors(JsonNode manifest) {
        return WorkloadRebalancerValidator.validate(manifest).rendered();
    }

    @Test
    void aValidRebalancerHasNoErrors() {
        assertThat(errors(WR)).isEmpty();
        assertThat(errors(OURS)).isEmpty();
    }

    @Test
    void workloadsAreRequired() {
        assertThat(errors(without(WR, "spec.workloads"))).containsExactly("spec.workloads: Required value");
    }

    @Test
    void atLeastOneWorkloadIsNeeded() {
        assertThat(errors(with(WR, "spec.workloads", "[]")))
                .containsExactly("spec.workloads: Invalid value: []: must have at least 1 item");
    }

    @Test
    void eachWorkloadNeedsApiVersionKindAndName() {
        assertThat(errors(with(WR, "spec.workloads.1", "{apiVersion:'',name:'x'}"))).containsExactly(
                "spec.workloads[1].apiVersion: Required value", "spec.workloads[1].kind: Required value");
    }

    @Test
    void duplicateWorkloadsAreAllowed() {
        assertThat(errors(with(WR, "spec.workloads.1", WR.at("/spec/workloads/0").toString()))).isEmpty();
    }

    @Test
    void ttlMustBeAnInt32() {
        assertThat(errors(with(WR, "spec.ttlSecondsAfterFinished", "'1h'")))
                .containsExactly("spec.ttlSecondsAfterFinished: Invalid value: \"1h\": must be of type integer");
        assertThat(errors(with(WR, "spec.ttlSecondsAfterFinished", "4294967296")))
                .containsExactly("spec.ttlSecondsAfterFinished: Invalid value: 4294967296: must be of type integer");
        assertThat(errors(with(WR, "spec.ttlSecondsAfterFinished", "0"))).isEmpty();
    }

    @Test
    void inOurGroupAWorkloadSelectorMayStandInForTheList() {
        ObjectNode bySelector = with(without(OURS, "spec.workloads"), "spec.workloadSelector", "{matchLabels:{team:'a'}}");
        assertThat(errors(bySelector)).isEmpty();
        assertThat(errors(with(bySelector, "apiVersion", "'apps.karmada.io/v1alpha1'")))
                .containsExactly("spec.workloads: Required value");
    }

    @Test
    void ourAdditionsAreTypeChecked() {
        ObjectNode ours = with(with(OURS, "spec.dryRun", "'yes'"), "spec.preserveAvailable", "1");
        ours = with(ours, "spec.workloadSelector", "{matchExpressions:[{key:'team',operator:'In'}]}");
        assertThat(errors(ours)).containsExactly(
                "spec.workloadSelector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
                "spec.dryRun: Invalid value: \"yes\": must be of type boolean",
                "spec.preserveAvailable: Invalid value: 1: must be of type boolean");
    }
}
