package io.meridian.core.validation;

import static io.meridian.core.validation.Json.with;
import static io.meridian.core.validation.Json.without;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterValidatorTest {
    private static final ObjectNode CLUSTER = Json.object("{apiVersion:'cluster.karmada.io/v1alpha1',kind:'Cluster',"
            + "metadata:{name:'member1',labels:{env:'prod','topology.kubernetes.io/region':'eu'}},"
            + "spec:{syncMode:'Push',apiEndpoint:'https://member1:6443',provider:'aws',region:'eu-west-1',"
            + "zones:['eu-west-1a','eu-west-1b'],taints:[{key:'dedicated',value:'batch',effect:'NoSchedule'}]}}");
    private static final ObjectNode MEMBER = with(with(CLUSTER, "apiVersion", "'apps.meridian.io/v1alpha1'"),
            "kind", "'MemberCluster'");

    private static List<String> errors(JsonNode manifest) {
        return ManifestValidator.validate(manifest).rendered();
    }

    @Test
    void aValidKarmadaClusterHasNoErrors() {
        assertThat(errors(CLUSTER)).isEmpty();
    }

    @Test
    void aValidMemberClusterWithARoleHasNoErrors() {
        assertThat(errors(with(MEMBER, "spec.role", "'host'"))).isEmpty();
    }

    @Test
    void aClusterWithOnlyANameAndAnEmptySpecIsValid() {
        assertThat(errors(Json.object("{apiVersion:'cluster.karmada.io/v1alpha1',kind:'Cluster',"
                + "metadata:{name:'m1'},spec:{}}"))).isEmpty();
    }

    @Test
    void theNameIsRequired() {
        assertThat(errors(without(CLUSTER, "metadata.name")))
                .containsExactly("metadata.name: Required value: name or generateName is required");
    }

    @Test
    void theNameMustBeADns1123LabelNotASubdomain() {
        assertThat(errors(with(CLUSTER, "metadata.name", "'member1.eu'"))).singleElement().asString()
                .startsWith("metadata.name: Invalid value: \"member1.eu\": a lowercase RFC 1123 label");
    }

    @Test
    void anUppercaseNameIsReportedOnce() {
        assertThat(errors(with(CLUSTER, "metadata.name", "'Member1'"))).hasSize(1);
    }

    @Test
    void theNameIsAtMost48Characters() {
        String name = "m".repeat(49);
        assertThat(errors(with(CLUSTER, "metadata.name", "'" + name + "'"))).containsExactly(
                "metadata.name: Invalid value: \"" + name + "\": must be no more than 48 characters");
    }

    @Test
    void labelKeysAndValuesMustBeValid() {
        assertThat(errors(with(CLUSTER, "metadata.labels", "{'bad key':'ok','env':'no spaces'}")))
                .hasSize(2).allSatisfy(e -> assertThat(e).startsWith("metadata.labels: Invalid value: "))
                .anySatisfy(e -> assertThat(e).contains("\"bad key\""))
                .anySatisfy(e -> assertThat(e).contains("\"no spaces\""));
    }

    @Test
    void theSpecIsRequired() {
        assertThat(errors(without(CLUSTER, "spec"))).containsExactly("spec: Required value");
    }

    @Test
    void zonesIsAListOfStrings() {
        assertThat(errors(with(CLUSTER, "spec.zones", "'eu-west-1a'")))
                .containsExactly("spec.zones: Invalid value: \"eu-west-1a\": must be of type array");
        assertThat(errors(with(CLUSTER, "spec.zones", "['a',3]")))
                .containsExactly("spec.zones[1]: Invalid value: 3: must be of type string");
    }

    @Test
    void zonesAreNonEmptyAndUnique() {
        assertThat(errors(with(CLUSTER, "spec.zones", "['a','','a']"))).containsExactly(
                "spec.zones[1]: Invalid value: \"\": must not be empty", "spec.zones[2]: Duplicate value: \"a\"");
    }

    @Test
    void providerRegionAndZoneAreStrings() {
        ObjectNode cluster = with(with(with(CLUSTER, "spec.provider", "1"), "spec.region", "true"), "spec.zone", "[]");
        assertThat(errors(cluster)).containsExactly("spec.provider: Invalid value: 1: must be of type string",
                "spec.region: Invalid value: true: must be of type string",
                "spec.zone: Invalid value: []: must be of type string");
    }

    @Test
    void syncModeIsPushOrPull() {
        assertThat(errors(with(CLUSTER, "spec.syncMode", "'Poll'"))).containsExactly(
                "spec.syncMode: Unsupported value: \"Poll\": supported values: \"Push\", \"Pull\"");
    }

    @Test
    void theApiEndpointIsAnHttpUrl() {
        assertThat(errors(with(CLUSTER, "spec.apiEndpoint", "'member1:6443'"))).containsExactly(
                "spec.apiEndpoint: Invalid value: \"member1:6443\": must be an http:// or https:// URL");
    }

    @Test
    void aTaintNeedsAValidKeyAndASupportedEffect() {
        assertThat(errors(with(CLUSTER, "spec.taints", "[{value:'x'},{key:'k',effect:'Evict'}]"))).containsExactly(
                "spec.taints[0].key: Required value", "spec.taints[0].effect: Required value",
                "spec.taints[1].effect: Unsupported value: \"Evict\": supported values: \"NoSchedule\", "
                        + "\"PreferNoSchedule\", \"NoExecute\"");
    }

    @Test
    void theRoleOfAMemberClusterIsHostOrMember() {
        assertThat(errors(with(MEMBER, "spec.role", "'primary'"))).containsExactly(
                "spec.role: Unsupported value: \"primary\": supported values: \"host\", \"member\"");
    }

    @Test
    void aKarmadaClusterIsOnlyServedInItsOwnGroup() {
        assertThat(errors(with(CLUSTER, "apiVersion", "'apps.meridian.io/v1alpha1'"))).containsExactly(
                "apiVersion: Unsupported value: \"apps.meridian.io/v1alpha1\": supported values: "
                        + "\"cluster.karmada.io/v1alpha1\"");
    }
}
