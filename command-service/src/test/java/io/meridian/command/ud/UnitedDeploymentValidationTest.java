package io.meridian.command.ud;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.admission.AdmissionController;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.ws.KernelJson;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code /validate-uniteddeployments} reaches the kernel's validator for all three apiVersions. */
class UnitedDeploymentValidationTest {
    private final AdmissionController controller = new AdmissionController(null, new ClusterState(), new SimpleMeterRegistry());

    private JsonNode validate(String apiVersion, int replicas) throws Exception {
        String object = """
                {"apiVersion": "%s", "kind": "UnitedDeployment", "metadata": {"name": "ud", "namespace": "ns"},
                 "spec": {"replicas": %d, "selector": {"matchLabels": {"app": "web"}},
                  "template": {"deploymentTemplate": {"metadata": {"labels": {"app": "web"}}, "spec": {}}},
                  "topology": {"subsets": [{"name": "a", "replicas": 4}, {"name": "b"}]}}}
                """.formatted(apiVersion, replicas);
        var answer = controller.validate("uniteddeployments",
                "{\"cluster\": \"member1\", \"operation\": \"CREATE\", \"object\": " + object + "}");
        return KernelJson.JSON.readTree(answer.getBody());
    }

    @ParameterizedTest
    @ValueSource(strings = {"apps.kruise.io/v1alpha1", "apps.kruise.io/v1beta1", "apps.meridian.io/v1alpha1"})
    void aValidUnitedDeploymentOfEachApiVersionIsAllowed(String apiVersion) throws Exception {
        assertThat(validate(apiVersion, 5).path("allowed").asBoolean()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"apps.kruise.io/v1alpha1", "apps.kruise.io/v1beta1", "apps.meridian.io/v1alpha1"})
    void subsetReplicasAboveTheTotalAreRefusedInEachApiVersion(String apiVersion) throws Exception {
        JsonNode answer = validate(apiVersion, 3);
        assertThat(answer.path("allowed").asBoolean()).isFalse();
        assertThat(answer.path("errors").toString()).contains("should not be greater than UnitedDeployment replicas 3");
    }
}
