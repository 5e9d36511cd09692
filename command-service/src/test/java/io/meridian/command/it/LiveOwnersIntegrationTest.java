package io.meridian.command.it;

import static io.meridian.command.it.Infra.POSTGRES;
import static io.meridian.command.it.Infra.admit;
import static io.meridian.command.it.Infra.admitConcurrently;
import static io.meridian.command.it.Infra.count;
import static io.meridian.command.it.Infra.port;
import static io.meridian.command.it.Infra.start;
import static io.meridian.command.it.Infra.upsert;
import static io.meridian.command.ws.Manifests.cloneSet;
import static io.meridian.command.ws.Manifests.pod;
import static io.meridian.command.ws.Manifests.spread;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.cluster.ClusterState;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A pod created right after a scale-up the agent has not reported yet: the gateway sends the owner chain it
 * read from the member cluster, and a percentage maxReplicas is taken of the newer replica count. Each test
 * has its own cluster: a CloneSet {@code web} and a spread {@code ws} whose zone-a takes 50%.
 */
class LiveOwnersIntegrationTest {
    private static ConfigurableApplicationContext context;
    private static JdbcTemplate jdbc;

    @BeforeAll
    static void startService() {
        context = start(POSTGRES.createDatabase("liveowners"));
        jdbc = context.getBean(JdbcTemplate.class);
    }

    @AfterAll
    static void stopService() {
        context.close();
    }

    @Test
    void aPercentageSpreadAsksForTheLiveOwnersAndRecordsNothing() throws Exception {
        String cluster = given("live-ask", cloneSetAt(2, 5), "50%");

        JsonNode answer = admit(port(context), cluster, "CREATE", pod("ask-1"), null);

        assertThat(answer.path("needsLiveOwners").asBoolean()).as(answer.toString()).isTrue();
        assertThat(answer.path("allowed").asBoolean()).isTrue();
        assertThat(answer.path("patch").isNull()).isTrue();
        assertThat(jdbc.queryForObject("select count(*) from domainevententry where aggregateidentifier = ?"
                + " and payloadtype like '%PodsAdmitted'", Integer.class, cluster + "/ns/ws")).isZero();
    }

    @Test
    void aPodWhoseOwnersCouldNotBeReadInTimeIsRefusedAndNothingIsRecorded() throws Exception {
        String cluster = given("live-late", cloneSetAt(2, 5), "50%");

        JsonNode answer = Infra.admitWithChainCutShort(port(context), cluster, pod("late-1"));

        assertThat(answer.path("allowed").asBoolean()).as(answer.toString()).isFalse();
        assertThat(answer.path("denial").path("code").asInt()).isEqualTo(503);
        assertThat(answer.path("reason").asText()).contains("could not be read");
        assertThat(jdbc.queryForObject("select count(*) from domainevententry where aggregateidentifier = ?"
                + " and payloadtype like '%PodsAdmitted'", Integer.class, cluster + "/ns/ws")).isZero();
    }

    @Test
    void aSpreadWithoutPercentagesIsDecidedWithoutAsking() throws Exception {
        String cluster = given("live-fixed", cloneSetAt(2, 5), 1);

        JsonNode answer = admit(port(context), cluster, "CREATE", pod("fixed-1"), null);

        assertThat(answer.has("needsLiveOwners")).as(answer.toString()).isFalse();
        assertThat(Infra.subsetOf(answer)).isEqualTo("zone-a");
    }

    /**
     * The race: 2 pods decided at 2 replicas leave zone-a full in the status (50% of 2); the scale to 20 is not
     * reported yet when 18 more pods come, read live with the CloneSet at 20: zone-a takes 9 more.
     */
    @Test
    void podsAdmittedWithALiveOwnerAheadOfTheReportedOneGetThePercentageOfTheNewCount() throws Exception {
        String cluster = given("live-ahead", cloneSetAt(2, 5), "50%");
        List<String> before = List.of(Infra.subsetOf(admit(port(context), cluster, "CREATE", pod("ahead-a"), List.of())),
                Infra.subsetOf(admit(port(context), cluster, "CREATE", pod("ahead-b"), List.of())));
        assertThat(before).containsExactly("zone-a", "zone-b");

        List<String> subsets = admitWithLiveOwner(cluster, "ahead", 18, cloneSetAt(20, 9));

        assertThat(subsets.stream().filter("zone-a"::equals).count()).as(subsets.toString()).isEqualTo(9);
    }

    @Test
    void aLiveOwnerOlderThanTheReportedOneIsIgnored() throws Exception {
        String cluster = given("live-behind", cloneSetAt(20, 9), "50%");

        List<String> subsets = admitWithLiveOwner(cluster, "behind", 20, cloneSetAt(2, 5));

        assertThat(subsets.stream().filter("zone-a"::equals).count()).as(subsets.toString()).isEqualTo(10);
    }

    private List<String> admitWithLiveOwner(String cluster, String prefix, int pods, JsonNode liveOwner) {
        return admitConcurrently(IntStream.range(0, pods).mapToObj(i -> prefix + "-" + i).toList(),
                name -> admit(port(context), cluster, "CREATE", pod(name), List.of(liveOwner)))
                .stream().map(Infra::subsetOf).toList();
    }

    private static String given(String cluster, ObjectNode reportedCloneSet, Object maxA) throws Exception {
        ObjectNode ws = spread("ws", 1);
        if (maxA instanceof String percent) {
            ((ObjectNode) ws.path("spec").path("subsets").get(0)).put("maxReplicas", percent);
        }
        upsert(cluster, "CloneSet", "apps.kruise.io/v1alpha1", "ns", "web", reportedCloneSet);
        upsert(cluster, "WorkloadSpread", "apps.kruise.io/v1alpha1", "ns", "ws", ws);
        ClusterState state = context.getBean(ClusterState.class);
        await().atMost(Duration.ofSeconds(30)).until(() -> state.find(cluster, "ns", "WorkloadSpread", "ws").isPresent()
                && state.find(cluster, "ns", "CloneSet", "web").isPresent() && count(jdbc, cluster + "/ns/ws") > 0);
        return cluster;
    }

    private static ObjectNode cloneSetAt(int replicas, long resourceVersion) {
        ObjectNode cloneSet = cloneSet(replicas);
        ((ObjectNode) cloneSet.path("metadata")).put("resourceVersion", Long.toString(resourceVersion));
        return cloneSet;
    }
}
