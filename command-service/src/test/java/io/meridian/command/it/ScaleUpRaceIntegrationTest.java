package io.meridian.command.it;

import static io.meridian.command.it.Infra.POSTGRES;
import static io.meridian.command.it.Infra.admitConcurrently;
import static io.meridian.command.it.Infra.count;
import static io.meridian.command.it.Infra.port;
import static io.meridian.command.it.Infra.start;
import static io.meridian.command.it.Infra.upsert;
import static io.meridian.command.ws.Manifests.cloneSet;
import static io.meridian.command.ws.Manifests.spread;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.cluster.ClusterEventConsumer;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A scale-up immediately followed by pod creations does not race: the admission waits until the
 * cluster events published before it are applied, so a percentage maxReplicas is taken of the new
 * replica count. The backlog of 5,000 unrelated events makes the consumer lag behind: with
 * {@code --meridian.catch-up-wait=0ms} (no barrier) this test fails with 1 pod in zone-a (50% of 2). The barrier
 * is given 15 s here, not the default 1 s: what is tested is that it orders the decisions after the events, and on
 * a machine at load 50 consuming the backlog took longer than 1 s (a barrier that times out decides on what was
 * applied by then; with a gateway the pod's owners read live cover that case, see LiveOwnersIntegrationTest).
 */
class ScaleUpRaceIntegrationTest {
    static final String CLUSTER = "member3";

    @Test
    void percentagesScaleWithTheReplicasReportedJustBefore() throws Exception {
        ObjectNode half = spread("ws", 1);
        ((ObjectNode) half.path("spec").path("subsets").get(0)).put("maxReplicas", "50%");
        upsert(CLUSTER, "CloneSet", "apps.kruise.io/v1alpha1", "ns", "web", cloneSet(2));
        upsert(CLUSTER, "WorkloadSpread", "apps.kruise.io/v1alpha1", "ns", "ws", half);
        ConfigurableApplicationContext context = start(POSTGRES.createDatabase("race"), "--meridian.catch-up-wait=15s");
        try {
            JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
            await().atMost(Duration.ofSeconds(30)).until(() -> context.getBean(ClusterEventConsumer.class).isCaughtUp()
                    && count(jdbc, CLUSTER + "/ns/ws") > 0);

            Infra.backlog(CLUSTER, 5000);
            upsert(CLUSTER, "CloneSet", "apps.kruise.io/v1alpha1", "ns", "web", cloneSet(20));
            List<String> subsets = admitConcurrently(port(context), CLUSTER,
                    IntStream.range(0, 20).mapToObj(i -> "race-" + i).toList()).stream().map(Infra::subsetOf).toList();

            assertThat(subsets.stream().filter("zone-a"::equals).count()).isEqualTo(10);
        } finally {
            context.close();
        }
    }
}
