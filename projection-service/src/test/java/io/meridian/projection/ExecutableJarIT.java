package io.meridian.projection;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.embedded.KafkaBroker;
import io.meridian.embedded.TestInfrastructure;
import io.meridian.embedded.PostgresServer;
import io.meridian.embedded.ServiceProcess;
import io.meridian.schemas.Topics;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;

/**
 * The projection-service's executable jar ({@code -exec.jar}, built in the package phase) started with
 * {@code java -jar} and only the environment variables docker-compose and k8s set: it migrates its database,
 * joins Kafka and reports UP on the actuator.
 */
class ExecutableJarIT {

    @Test
    void theExecutableJarStartsFromEnvironmentVariablesAndReportsUp() throws Exception {
        try (KafkaBroker kafka = TestInfrastructure.kafka(); PostgresServer postgres = TestInfrastructure.postgres()) {
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrapServers()))) {
                admin.createTopics(List.of(new NewTopic(Topics.DOMAIN_EVENTS, 1, (short) 1),
                        new NewTopic(Topics.deadLetter(Topics.DOMAIN_EVENTS), 1, (short) 1))).all().get();
            }
            int port = ServiceProcess.freePort();
            try (ServiceProcess service = ServiceProcess.startExecJar(
                    ServiceProcess.kafkaAndDatabase(kafka, postgres, "meridian_projections"), port)) {
                String health = service.awaitUp(URI.create("http://127.0.0.1:" + port + "/actuator/health"),
                        Duration.ofSeconds(120));

                assertThat(health).contains("\"db\"");
                assertThat(service.awaitUp(URI.create("http://127.0.0.1:" + port + "/actuator/health/readiness"),
                        Duration.ofSeconds(10))).contains("UP");
            }
        }
    }
}
