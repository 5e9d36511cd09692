package io.meridian.command.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.ws.KernelJson;
import org.junit.jupiter.api.Test;

class LiveOwnersTest {

    @Test
    void theHigherNumericResourceVersionWins() {
        JsonNode reported = owner("900", 7, 10);
        JsonNode live = owner("1000", 7, 20);

        assertThat(LiveOwners.newer(reported, live)).isSameAs(live);
        assertThat(LiveOwners.newer(live, reported)).isSameAs(live);
    }

    @Test
    void opaqueResourceVersionsAreComparedByGeneration() {
        JsonNode reported = owner("abc", 8, 10);
        JsonNode live = owner("xyz", 7, 20);

        assertThat(LiveOwners.newer(reported, live)).isSameAs(reported);
    }

    @Test
    void onATieTheLaterReadWins() {
        JsonNode reported = owner("abc", 7, 10);
        JsonNode live = owner("xyz", 7, 20);

        assertThat(LiveOwners.newer(reported, live)).isSameAs(live);
    }

    @Test
    void anAbsentFieldIsNotSentAndAnEmptyOneWasNotRead() {
        assertThat(LiveOwners.parse(null)).isNull();
        assertThat(LiveOwners.parse(KernelJson.JSON.createArrayNode())).isEmpty();
    }

    @Test
    void anOwnerWithoutKindIsRejectedNamingItsIndex() {
        var owners = KernelJson.JSON.createArrayNode().add(owner("1", 1, 1)).add(KernelJson.JSON.createObjectNode());

        assertThatThrownBy(() -> LiveOwners.parse(owners)).hasMessageContaining("liveOwners[1]");
    }

    private static ObjectNode owner(String resourceVersion, long generation, int replicas) {
        ObjectNode owner = KernelJson.JSON.createObjectNode().put("apiVersion", "apps/v1").put("kind", "Deployment");
        owner.putObject("metadata").put("name", "web").put("namespace", "ns").put("resourceVersion", resourceVersion)
                .put("generation", generation);
        owner.putObject("spec").put("replicas", replicas);
        return owner;
    }
}
