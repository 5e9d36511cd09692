package io.meridian.agent.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.meridian.embedded.KafkaBroker;
import io.meridian.embedded.TestInfrastructure;
import io.meridian.embedded.ServiceProcess;
import io.meridian.schemas.Topics;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;

/**
 * The agent's executable jar ({@code -exec.jar}) started with {@code java -jar} and the environment variables of
 * k8s/ and docker-compose.yml: ready once it has listed the (mock) cluster and Kafka acknowledged its events.
 */
class ExecutableJarIT {

    @Test
    void theExecutableJarStartsFromEnvironmentVariablesAndBecomesReady() throws Exception {
        KubernetesMockServer api = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(),
                new KubernetesCrudDispatcher(), false);
        api.init();
        Path kubeconfig = Files.createTempFile("agent-it", ".kubeconfig");
        try (KafkaBroker kafka = TestInfrastructure.kafka()) {
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrapServers()))) {
                admin.createTopics(List.of(new NewTopic(Topics.CLUSTER_EVENTS, 1, (short) 1))).all().get();
            }
            Files.writeString(kubeconfig, Kubeconfigs.forServer(api.url("/")));
            int port = ServiceProcess.freePort();
            Map<String, String> env = Map.of(
                    "MERIDIAN_KAFKA_BOOTSTRAP", kafka.bootstrapServers(),
                    "MERIDIAN_CLUSTER_NAME", "member3",
                    "MERIDIAN_CLUSTER_ROLE", "member",
                    "KUBECONFIG", kubeconfig.toString(),
                    "MERIDIAN_AGENT_QPS", "20",
                    "MERIDIAN_AGENT_BURST", "40");

            try (ServiceProcess agent = ServiceProcess.startExecJar(env, port)) {
                String readiness = agent.awaitUp(URI.create("http://127.0.0.1:" + port + "/actuator/health/readiness"),
                        Duration.ofSeconds(120));

                assertThat(readiness).contains("\"agentReadiness\"");
            }
        } finally {
            api.destroy();
            Files.deleteIfExists(kubeconfig);
        }
    }
}
