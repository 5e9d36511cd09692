package io.meridian.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.MockResponse;
import io.meridian.schemas.ClusterEvent;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A cluster without Kruise or Karmada installed answers 404 for their kinds: the agent watches the rest. */
class UnservedKindsTest {
    private static final String ABSENT_GROUP = "/apis/apps.kruise.io/";

    private final KubernetesMockServer server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(),
            new WithoutKruise(), false);
    private final List<ClusterEvent> published = new CopyOnWriteArrayList<>();
    private KubernetesClient kube;
    private ClusterAgent agent;

    /** The CRUD API server, except that the Kruise group does not exist. */
    private static final class WithoutKruise extends KubernetesCrudDispatcher {
        @Override
        public MockResponse handleGet(String path) {
            return path.startsWith(ABSENT_GROUP) ? notFound() : super.handleGet(path);
        }

        @Override
        public MockResponse handleWatch(String path) {
            return path.startsWith(ABSENT_GROUP) ? notFound() : super.handleWatch(path);
        }

        private static MockResponse notFound() {
            return new MockResponse().setResponseCode(404).setBody("""
                    {"kind":"Status","apiVersion":"v1","status":"Failure","reason":"NotFound","code":404,
                     "message":"the server could not find the requested resource"}""");
        }
    }

    @AfterEach
    void stop() {
        if (agent != null) {
            agent.close();
        }
        if (kube != null) {
            kube.close();
        }
        server.destroy();
    }

    @Test
    void kindsTheClusterDoesNotServeAreSkippedAndTheOthersAreWatched() {
        server.init();
        kube = server.createClient();
        AtomicLong ids = new AtomicLong();
        agent = new ClusterAgent(new AgentSettings("plain", "member", 100, 100, Duration.ofMillis(200)),
                kube.getConfiguration(), published::add, Clock.systemUTC(), () -> "e-" + ids.incrementAndGet(),
                List.of(new WatchedResource("", "v1", "pods", "Pod", true),
                        new WatchedResource("apps.kruise.io", "v1alpha1", "clonesets", "CloneSet", true)));

        agent.start();

        assertThat(agent.informersSynced()).isTrue();
        assertThat(agent.notServedKinds()).containsExactly("apps.kruise.io/v1alpha1/clonesets");
        assertThat(agent.unsyncedKinds()).isEmpty();
        kube.pods().inNamespace("default").resource(new PodBuilder().withNewMetadata().withName("p").endMetadata().build())
                .create();
        await().atMost(Duration.ofSeconds(15)).until(() -> published.stream()
                .anyMatch(e -> e.object() != null && e.object().name().equals("p")));
    }
}
