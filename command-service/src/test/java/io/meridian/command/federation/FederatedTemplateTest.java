package io.meridian.command.federation;

import static io.meridian.command.federation.FederationFixtures.deployment;
import static io.meridian.command.federation.FederationFixtures.hostCopy;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class FederatedTemplateTest {

    @Test
    void aTemplateNeverWrittenByMeridianWantsItsSpecReplicas() {
        assertThat(FederatedTemplate.total(deployment(9))).isEqualTo(9);
    }

    @Test
    void theHostsShareAsAppliedMeansTheAnnotatedTotal() {
        assertThat(FederatedTemplate.total(hostCopy(9, 6))).isEqualTo(9);
    }

    @Test
    void anyOtherSpecReplicasIsAUserScaleAndTheNewTotal() {
        ObjectNode scaled = hostCopy(9, 6);
        ((ObjectNode) scaled.get("spec")).put("replicas", 3);
        assertThat(FederatedTemplate.total(scaled)).isEqualTo(3);
    }

    @Test
    void aUserScaleToExactlyTheAppliedShareCannotBeTold() {
        // the documented edge case: 9 over two clusters gives the host 6; "kubectl scale --replicas=6" looks unchanged
        ObjectNode scaled = hostCopy(9, 6);
        ((ObjectNode) scaled.get("spec")).put("replicas", 6);
        assertThat(FederatedTemplate.total(scaled)).isEqualTo(9);
    }

    @Test
    void aCopyCarriesTheBindingLabelAndItsShareButNotTheHostsAnnotations() {
        ObjectNode copy = FederatedTemplate.copy(hostCopy(9, 6), "nginx-deployment", 3);
        assertThat(copy.path("spec").path("replicas").asInt()).isEqualTo(3);
        assertThat(copy.path("metadata").path("labels").path(FederatedTemplate.BINDING_LABEL).asText())
                .isEqualTo("nginx-deployment");
        assertThat(copy.path("metadata").path("annotations").has(FederatedTemplate.TEMPLATE_REPLICAS)).isFalse();
    }

    @Test
    void theDigestIgnoresReplicasButNotTheSpec() {
        String digest = FederatedTemplate.digest(deployment(9), "l");
        assertThat(FederatedTemplate.digest(hostCopy(9, 6), "l")).isEqualTo(digest);
        ObjectNode changed = deployment(9);
        ((ObjectNode) changed.get("spec")).put("minReadySeconds", 5);
        assertThat(FederatedTemplate.digest(changed, "l")).isNotEqualTo(digest);
    }
}
