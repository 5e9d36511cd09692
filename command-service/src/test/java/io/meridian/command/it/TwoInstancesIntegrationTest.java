package io.meridian.command.it;

import static io.meridian.command.ws.Manifests.cloneSet;
import static io.meridian.command.ws.Manifests.pod;
import static io.meridian.command.ws.Manifests.spread;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static io.meridian.command.it.Infra.*;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.cluster.ClusterEventConsumer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Linearizable per aggregate across instances: two command-services on the same event store admit
 * pods of one spread at the same time; the unique sequence number rejects a stale append, the batch
 * is retried, and the subset never exceeds its maxReplicas.
 */
class TwoInstancesIntegrationTest {
    static final String CLUSTER = "member2";
    static final String DB = POSTGRES.createDatabase("two");

    @Test
    void twoInstancesNeverOverfillASubset() throws Exception {
        upsert(CLUSTER, "CloneSet", "apps.kruise.io/v1alpha1", "ns", "web", cloneSet(40));
        upsert(CLUSTER, "WorkloadSpread", "apps.kruise.io/v1alpha1", "ns", "ws", spread("ws", 10));
        ConfigurableApplicationContext a = start(DB);
        ConfigurableApplicationContext b = start(DB);
        ExecutorService pool = Executors.newFixedThreadPool(40);
        try {
            await().atMost(Duration.ofSeconds(120)).until(() -> a.getBean(ClusterEventConsumer.class).isCaughtUp()
                    && b.getBean(ClusterEventConsumer.class).isCaughtUp());
            await().atMost(Duration.ofSeconds(120)).until(() -> count(a.getBean(org.springframework.jdbc.core.JdbcTemplate.class),
                    CLUSTER + "/ns/ws") > 0);
            int[] ports = {port(a), port(b)};
            List<CompletableFuture<JsonNode>> answers = new ArrayList<>();
            IntStream.range(0, 40).forEach(i -> answers.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return admit(ports[i % 2], CLUSTER, "CREATE", pod("two-" + i));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, pool)));
            List<String> subsets = answers.stream().map(CompletableFuture::join).map(Infra::subsetOf).toList();
            assertThat(subsets.stream().filter("zone-a"::equals).count()).isEqualTo(10);
            assertThat(subsets.stream().filter("zone-b"::equals).count()).isEqualTo(30);
        } finally {
            pool.shutdown();
            a.close();
            b.close();
        }
    }
}
