package io.meridian.command.federation;

import static io.meridian.command.federation.FederationFixtures.deployment;
import static io.meridian.command.federation.FederationFixtures.read;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TemplateReadingsTest {
    private static final BindingRef REF = new BindingRef("default", "Deployment", "nginx");

    private final TemplateReadings readings = new TemplateReadings();

    private static JsonNode policy(String name, String app, int priority) {
        return read("""
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"PropagationPolicy",
                 "metadata":{"name":"%s","namespace":"default"},
                 "spec":{"priority":%d,"resourceSelectors":[{"apiVersion":"apps/v1","kind":"Deployment",
                         "labelSelector":{"matchLabels":{"app":"%s"}}}],"placement":{}}}
                """.formatted(name, priority, app));
    }

    @Test
    void theSameTemplateAndPoliciesReadAgainGiveTheReadingAlreadyMade() {
        JsonNode template = deployment(3);
        List<JsonNode> policies = List.of(policy("web", "nginx", 0));
        TemplateReadings.Reading first = readings.read(REF, template, policies);

        assertThat(readings.read(REF, template, new ArrayList<>(policies))).isSameAs(first);
    }

    @Test
    void theReadingNamesThePolicyChosenItsPlacementAndTheDigestOfTheCopies() {
        JsonNode template = deployment(3);
        JsonNode web = policy("web", "nginx", 0);

        TemplateReadings.Reading reading = readings.read(REF, template, List.of(policy("other", "db", 5), web));

        assertThat(reading.policy()).isSameAs(web);
        assertThat(reading.placement()).isEqualTo(PolicyMatch.placement(web));
        assertThat(reading.digest()).isEqualTo(FederatedTemplate.digest(template, REF.labelValue()));
    }

    @Test
    void aTemplateStoredAnewIsReadAgain() {
        JsonNode web = policy("web", "nginx", 0);
        JsonNode db = policy("db", "db", 0);
        readings.read(REF, deployment(3), List.of(web, db));
        ObjectNode relabelled = deployment(3);
        ((ObjectNode) relabelled.get("metadata")).putObject("labels").put("app", "db");

        assertThat(readings.read(REF, relabelled, List.of(web, db)).policy()).isSameAs(db);
    }

    @Test
    void aPolicyStoredAnewIsChosenAmongAgain() {
        JsonNode template = deployment(3);
        JsonNode web = policy("web", "nginx", 0);
        readings.read(REF, template, List.of(web));
        JsonNode preferred = policy("preferred", "nginx", 9);

        assertThat(readings.read(REF, template, List.of(web, preferred)).policy()).isSameAs(preferred);
    }

    @Test
    void aTemplateNoPolicySelectsHasNoPlacementNorDigest() {
        TemplateReadings.Reading reading = readings.read(REF, deployment(3), List.of(policy("db", "db", 0)));

        assertThat(reading.policy()).isNull();
        assertThat(reading.placement()).isNull();
        assertThat(reading.digest()).isNull();
    }

    @Test
    void aDeletedTemplateIsForgotten() {
        JsonNode template = deployment(3);
        List<JsonNode> policies = List.of(policy("web", "nginx", 0));
        TemplateReadings.Reading first = readings.read(REF, template, policies);

        assertThat(readings.read(REF, null, List.of())).isEqualTo(TemplateReadings.Reading.NONE);
        assertThat(readings.read(REF, template, policies)).isNotSameAs(first).isEqualTo(first);
    }
}
