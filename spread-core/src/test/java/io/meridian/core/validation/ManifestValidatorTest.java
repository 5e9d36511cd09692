package io.meridian.core.validation;

import static io.meridian.core.validation.Json.with;
import static io.meridian.core.validation.Json.without;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class ManifestValidatorTest {
    private static final ObjectNode WS = Json.object("{apiVersion:'apps.meridian.io/v1alpha1',kind:'WorkloadSpread',"
            + "metadata:{name:'ws'},spec:{targetRef:{apiVersion:'apps/v1',kind:'Deployment',name:'web'},"
            + "subsets:[{name:'a',requiredNodeSelector:{},maxReplicas:2,minReplicas:1},{name:'b'}]}}");

    private static List<String> errors(JsonNode manifest) {
        return ManifestValidator.validate(manifest, ValidationContext.unknown()).rendered();
    }

    @Test
    void eachKindIsAcceptedInEachOfItsApiVersions() {
        for (ManifestKinds kind : ManifestKinds.values()) {
            for (String apiVersion : kind.apiVersions()) {
                ObjectNode manifest = Json.object("{metadata:{name:'x'}}").put("kind", kind.kind()).put("apiVersion", apiVersion);
                assertThat(errors(manifest)).as(kind.kind() + " in " + apiVersion)
                        .doesNotContain("apiVersion: Unsupported value: \"" + apiVersion + "\"")
                        .noneMatch(e -> e.startsWith("kind:"));
            }
        }
    }

    @Test
    void aWorkloadSpreadInOurGroupIsValidatedAsAWorkloadSpread() {
        assertThat(errors(WS)).isEmpty();
        assertThat(errors(without(WS, "spec.targetRef")))
                .containsExactly("spec.targetRef: Required value: no targetRef defined in WorkloadSpread");
    }

    @Test
    void anUnknownKindIsNotSupported() {
        assertThat(errors(with(WS, "kind", "'Deployment'"))).containsExactly("kind: Unsupported value: \"Deployment\": "
                + "supported values: \"WorkloadSpread\", \"UnitedDeployment\", \"WorkloadRebalancer\", "
                + "\"PropagationPolicy\", \"ClusterPropagationPolicy\", \"Cluster\", \"MemberCluster\"");
    }

    @Test
    void anApiVersionTheKindIsNotServedInIsNotSupported() {
        assertThat(errors(with(WS, "apiVersion", "'apps.karmada.io/v1alpha1'"))).containsExactly(
                "apiVersion: Unsupported value: \"apps.karmada.io/v1alpha1\": supported values: "
                        + "\"apps.kruise.io/v1alpha1\", \"apps.kruise.io/v1beta1\", \"apps.meridian.io/v1alpha1\"");
    }

    @Test
    void kindAndApiVersionAreRequired() {
        assertThat(errors(without(WS, "kind"))).containsExactly("kind: Required value");
        assertThat(errors(without(WS, "apiVersion"))).containsExactly("apiVersion: Required value");
    }

    @Test
    void aDocumentThatIsNotAnObjectIsATypeError() {
        assertThat(errors(Json.parse("[1,2]"))).containsExactly("Invalid value: [1,2]: must be of type object");
        assertThat(errors(Json.parse("'text'"))).containsExactly("Invalid value: \"text\": must be of type object");
    }

    @Test
    void aKindOfTheWrongTypeIsATypeError() {
        assertThat(errors(with(WS, "kind", "7"))).containsExactly("kind: Invalid value: 7: must be of type string");
    }
}
