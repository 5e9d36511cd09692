package io.meridian.core.karmada.estimator;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PodRequestsTest {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES.mappedFeature())
            .enable(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES.mappedFeature());

    private static JsonNode spec(String text) throws Exception {
        return JSON.readTree(text);
    }

    @Test
    void containerRequestsAreSummedInMillicoresAndBytes() throws Exception {
        assertThat(PodRequests.of(spec("{containers:[{resources:{requests:{cpu:'1500m',memory:'1Gi'}}},"
                + "{resources:{requests:{cpu:'0.5',memory:'512Mi'}}}]}")))
                .isEqualTo(Map.of("cpu", 2000L, "memory", 1536L << 20));
    }

    @Test
    void theLargestInitContainerWinsWhenItAsksMoreThanTheContainers() throws Exception {
        assertThat(PodRequests.of(spec("{initContainers:[{resources:{requests:{cpu:'3'}}},{resources:{requests:"
                + "{cpu:'1',memory:'64Mi'}}}],containers:[{resources:{requests:{cpu:'1',memory:'1Gi'}}},"
                + "{resources:{requests:{cpu:'1'}}}]}")))
                .isEqualTo(Map.of("cpu", 3000L, "memory", 1L << 30));
    }

    @Test
    void sidecarsRunBesideTheContainers() throws Exception {
        assertThat(PodRequests.of(spec("{initContainers:[{restartPolicy:'Always',resources:{requests:{cpu:'250m',"
                + "memory:'128Mi'}}}],containers:[{resources:{requests:{cpu:'1',memory:'1Gi'}}}]}")))
                .isEqualTo(Map.of("cpu", 1250L, "memory", (1024L + 128) << 20));
    }

    @Test
    void aPlainInitContainerRunsBesideTheSidecarsStartedBeforeIt() throws Exception {
        assertThat(PodRequests.of(spec("{initContainers:[{restartPolicy:'Always',resources:{requests:{cpu:'1'}}},"
                + "{resources:{requests:{cpu:'3'}}},{restartPolicy:'Always',resources:{requests:{cpu:'500m'}}}],"
                + "containers:[{resources:{requests:{cpu:'1'}}}]}")))
                .isEqualTo(Map.of("cpu", 4000L));
    }

    @Test
    void thePodOverheadIsAdded() throws Exception {
        assertThat(PodRequests.of(spec("{overhead:{cpu:'250m',memory:'120Mi'},"
                + "containers:[{resources:{requests:{cpu:'1',memory:'1Gi'}}}]}")))
                .isEqualTo(Map.of("cpu", 1250L, "memory", (1024L + 120) << 20));
    }

    @Test
    void extendedResourcesAreCountedAndPodsIsNot() throws Exception {
        assertThat(PodRequests.of(spec("{containers:[{resources:{requests:{'nvidia.com/gpu':'1',pods:'1'}}}]}")))
                .isEqualTo(Map.of("nvidia.com/gpu", 1L));
    }

    @Test
    void aSpecWithoutRequestsRequestsNothing() throws Exception {
        assertThat(PodRequests.of(spec("{containers:[{name:'web',resources:{limits:{cpu:'1'}}}]}"))).isEmpty();
    }

    @Test
    void fractionalMillicoresRoundUp() {
        assertThat(ResourceAmounts.amount("cpu", "0.0001")).contains(1L);
        assertThat(ResourceAmounts.amount("memory", "1k")).contains(1000L);
        assertThat(ResourceAmounts.amount("cpu", "lots")).isEmpty();
    }
}
