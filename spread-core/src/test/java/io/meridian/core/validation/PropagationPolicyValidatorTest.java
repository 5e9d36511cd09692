package io.meridian.core.validation;

import static io.meridian.core.validation.Json.with;
import static io.meridian.core.validation.Json.without;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class PropagationPolicyValidatorTest {
    private static final ObjectNode PP = Json.object("{apiVersion:'policy.karmada.io/v1alpha1',kind:'PropagationPolicy',"
            + "metadata:{name:'web',namespace:'default'},spec:{resourceSelectors:[{apiVersion:'apps/v1',kind:'Deployment',"
            + "name:'web'}],placement:{clusterAffinity:{clusterNames:['m1','m2']},"
            + "spreadConstraints:[{spreadByField:'cluster',minGroups:1,maxGroups:2}],"
            + "replicaScheduling:{replicaSchedulingType:'Divided',replicaDivisionPreference:'Weighted',"
            + "weightPreference:{staticWeightList:[{targetCluster:{clusterNames:['m1']},weight:2},"
            + "{targetCluster:{clusterNames:['m2']},weight:1}]}}}}}");
    private static final String PLACEMENT = "spec.placement";

    private static List<String> errors(JsonNode manifest) {
        return PropagationPolicyValidator.validate(manifest).rendered();
    }

    @Test
    void aValidPolicyHasNoErrors() {
        assertThat(errors(PP)).isEmpty();
    }

    @Test
    void resourceSelectorsAreRequired() {
        assertThat(errors(without(PP, "spec.resourceSelectors"))).containsExactly("spec.resourceSelectors: Required value");
        assertThat(errors(with(PP, "spec.resourceSelectors", "[]")))
                .containsExactly("spec.resourceSelectors: Invalid value: []: must have at least 1 item");
    }

    @Test
    void aResourceSelectorNeedsApiVersionAndKind() {
        assertThat(errors(with(PP, "spec.resourceSelectors.0", "{name:'web'}"))).containsExactly(
                "spec.resourceSelectors[0].apiVersion: Required value", "spec.resourceSelectors[0].kind: Required value");
    }

    @Test
    void clusterAffinityAndClusterAffinitiesAreExclusive() {
        assertThat(errors(with(PP, PLACEMENT + ".clusterAffinities", "[{affinityName:'primary',clusterNames:['m1']}]")))
                .containsExactly("spec.placement.clusterAffinities: Forbidden: may not be set together with clusterAffinity");
    }

    @Test
    void affinityTermsNeedUniqueNames() {
        ObjectNode pp = with(without(PP, PLACEMENT + ".clusterAffinity"), PLACEMENT + ".clusterAffinities",
                "[{affinityName:'a'},{affinityName:'a'},{clusterNames:['m3']}]");
        assertThat(errors(pp)).containsExactly("spec.placement.clusterAffinities[1].affinityName: Duplicate value: \"a\"",
                "spec.placement.clusterAffinities[2].affinityName: Required value");
    }

    @Test
    void replicaSchedulingTypeIsDuplicatedOrDivided() {
        assertThat(errors(with(PP, PLACEMENT + ".replicaScheduling.replicaSchedulingType", "'Split'"))).containsExactly(
                "spec.placement.replicaScheduling.replicaSchedulingType: Unsupported value: \"Split\": supported values: "
                        + "\"Duplicated\", \"Divided\"");
    }

    @Test
    void divisionPreferenceIsAggregatedOrWeighted() {
        assertThat(errors(with(PP, PLACEMENT + ".replicaScheduling.replicaDivisionPreference", "'Even'"))).containsExactly(
                "spec.placement.replicaScheduling.replicaDivisionPreference: Unsupported value: \"Even\": supported values: "
                        + "\"Aggregated\", \"Weighted\"");
    }

    @Test
    void staticWeightsAreAtLeastOne() {
        assertThat(errors(with(PP, PLACEMENT + ".replicaScheduling.weightPreference.staticWeightList.1.weight", "0")))
                .containsExactly("spec.placement.replicaScheduling.weightPreference.staticWeightList[1].weight: "
                        + "Invalid value: 0: must be greater than or equal to 1");
    }

    @Test
    void dynamicWeightIsAvailableReplicas() {
        assertThat(errors(with(PP, PLACEMENT + ".replicaScheduling.weightPreference.dynamicWeight", "'AvailableReplicas'")))
                .isEmpty();
        assertThat(errors(with(PP, PLACEMENT + ".replicaScheduling.weightPreference.dynamicWeight", "'Free'")))
                .containsExactly("spec.placement.replicaScheduling.weightPreference.dynamicWeight: Unsupported value: "
                        + "\"Free\": supported values: \"AvailableReplicas\"");
    }

    @Test
    void spreadByFieldIsClusterRegionZoneOrProvider() {
        assertThat(errors(with(PP, PLACEMENT + ".spreadConstraints.0.spreadByField", "'rack'"))).containsExactly(
                "spec.placement.spreadConstraints[0].spreadByField: Unsupported value: \"rack\": supported values: "
                        + "\"cluster\", \"region\", \"zone\", \"provider\"");
    }

    @Test
    void spreadByLabelIsAnAlternativeToSpreadByField() {
        assertThat(errors(with(PP, PLACEMENT + ".spreadConstraints.0", "{spreadByLabel:'topology.io/rack',minGroups:1}")))
                .isEmpty();
        assertThat(errors(with(PP, PLACEMENT + ".spreadConstraints.0.spreadByLabel", "'rack'"))).containsExactly(
                "spec.placement.spreadConstraints[0].spreadByLabel: Forbidden: may not be set together with spreadByField");
    }

    @Test
    void maxGroupsMayNotBeBelowMinGroups() {
        assertThat(errors(with(PP, PLACEMENT + ".spreadConstraints.0.minGroups", "3"))).containsExactly(
                "spec.placement.spreadConstraints[0].maxGroups: Invalid value: 2: must be greater than or equal to minGroups");
        assertThat(errors(with(PP, PLACEMENT + ".spreadConstraints.0.minGroups", "-1"))).containsExactly(
                "spec.placement.spreadConstraints[0].minGroups: Invalid value: -1: must be greater than or equal to 0");
    }

    @Test
    void clusterAffinitySelectorsAreChecked() {
        assertThat(errors(with(PP, PLACEMENT + ".clusterAffinity.labelSelector", "{matchLabels:{'a b':'x'}}")))
                .singleElement().asString().startsWith("spec.placement.clusterAffinity.labelSelector.matchLabels: Invalid value");
    }
}
