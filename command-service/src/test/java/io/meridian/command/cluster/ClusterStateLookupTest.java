package io.meridian.command.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.meridian.schemas.ObjectRef;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Looking an object up by namespace, kind and name: in one cluster, or in each of several at once. */
class ClusterStateLookupTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final ClusterState state = new ClusterState();

    private void put(String cluster, String kind, String namespace, String name, int replicas) {
        state.upsert(cluster, new ObjectRef("apps/v1", kind, namespace, name, null, null),
                JSON.createObjectNode().set("spec", JSON.createObjectNode().put("replicas", replicas)));
    }

    @Test
    void findInEachAnswersTheObjectOfEveryClusterThatHoldsItAndNoOther() {
        put("m1", "Deployment", "ns", "web", 1);
        put("m2", "Deployment", "ns", "api", 2);
        put("m3", "Deployment", "ns", "web", 3);
        put("m4", "StatefulSet", "ns", "web", 4);

        var found = state.findInEach(List.of("m1", "m2", "m3", "m4", "never-seen"), "ns", "Deployment", "web");

        assertThat(found).containsOnlyKeys("m1", "m3");
        assertThat(found.get("m3").path("spec").path("replicas").asInt()).isEqualTo(3);
    }

    @Test
    void lookingUpAClusterNeverSeenDoesNotMakeItKnown() {
        put("m1", "Deployment", "ns", "web", 1);

        state.find("never-seen", "ns", "Deployment", "web");
        state.findInEach(List.of("also-never-seen"), "ns", "Deployment", "web");

        assertThat(state.clusterNames()).containsExactly("m1");
    }

    @Test
    void findInEachAnswersOnlyTheClustersItIsAskedAbout() {
        put("m1", "Deployment", "ns", "web", 1);
        put("m2", "Deployment", "ns", "web", 2);

        assertThat(state.findInEach(List.of("m2"), "ns", "Deployment", "web")).containsOnlyKeys("m2");
    }

    @Test
    void anObjectDeletedFromOneClusterIsStillFoundInTheOthers() {
        put("m1", "Deployment", "ns", "web", 1);
        put("m2", "Deployment", "ns", "web", 2);

        state.delete("m1", new ObjectRef("apps/v1", "Deployment", "ns", "web", null, null));

        assertThat(state.findInEach(List.of("m1", "m2"), "ns", "Deployment", "web")).containsOnlyKeys("m2");
    }

    @Test
    void anObjectStoredAgainIsFoundAsStoredLast() {
        put("m1", "Deployment", "ns", "web", 1);
        put("m1", "Deployment", "ns", "web", 5);

        assertThat(state.findInEach(List.of("m1"), "ns", "Deployment", "web").get("m1").path("spec").path("replicas")
                .asInt()).isEqualTo(5);
    }

    @Test
    void findInEachAnswersPodsToo() {
        put("m1", "Pod", "ns", "web-0", 0);
        put("m2", "Pod", "ns", "web-0", 0);

        assertThat(state.findInEach(List.of("m1", "m2", "m3"), "ns", "Pod", "web-0")).containsOnlyKeys("m1", "m2");
    }
}
