package io.meridian.standalone.run;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Multi-cluster placement end to end, as {@code meridian demo --scenario FILE --check} runs it: every service,
 * Kafka, PostgreSQL and three simulated clusters in this process (one runtime for the class). Dynamic weights run
 * first, while no other scenario's pods take free capacity.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FederationE2ETest extends FederationRuntime {
    private static final Path STATIC_WEIGHTS = Path.of("../../shared/scenarios/examples/federation-static-weights.yaml");

    @Test
    @Order(1)
    void dynamicWeightsDivideByFreeCapacity() {
        FederationRuntime.runAll(runtime, FederationRuntime.scenario("dynamic-weights.yaml"));
    }

    @Test
    @Order(2)
    void duplicatedCopiesTheTotalIntoEveryClusterAndFollowsPolicyChanges() {
        FederationRuntime.runAll(runtime, FederationRuntime.scenario("duplicated.yaml"));
    }

    @Test
    @Order(3)
    void theStaticWeightsExampleDividesAndFollowsAScale() {
        assumeTrue(Files.isRegularFile(STATIC_WEIGHTS), "no " + STATIC_WEIGHTS + " here");
        FederationRuntime.runAll(runtime, FederationRuntime.file(STATIC_WEIGHTS));
    }

    @Test
    @Order(4)
    void aClusterPropagationPolicyPlacesATemplateOfAnyNamespaceUntilAPropagationPolicyTakesOver() {
        FederationRuntime.runAll(runtime, FederationRuntime.scenario("cluster-propagation-policy.yaml"));
    }

    @Test
    @Order(5)
    void clusterObjectsLabelsAndRegionsPlaceAndAClusterLabelChangeRePlaces() {
        FederationRuntime.runAll(runtime, FederationRuntime.scenario("cluster-labels-regions.yaml"));
    }
}
