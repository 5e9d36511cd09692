package io.meridian.command;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.embedded.KafkaBroker;
import io.meridian.embedded.PostgresServer;
import io.meridian.embedded.ServiceProcess;
import io.meridian.embedded.TestInfrastructure;
import io.meridian.schemas.Topics;
import java.net.URI;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;

/**
 * The command-service's executable jar started with {@code java -jar} and the environment of k8s/ and
 * docker-compose.yml: Flyway migrates the event store and the deadline tables from inside the jar, the deadline
 * scheduler checks in, and readiness (which includes the cluster state being caught up) turns UP.
 */
class ExecutableJarIT {

    @Test
    void theExecutableJarStartsFromEnvironmentVariablesAndBecomesReady() throws Exception {
        try (KafkaBroker kafka = TestInfrastructure.kafka(); PostgresServer postgres = TestInfrastructure.postgres()) {
            createTopics(kafka);
            int port = ServiceProcess.freePort();
            try (ServiceProcess service = ServiceProcess.startExecJar(
                    ServiceProcess.kafkaAndDatabase(kafka, postgres, "meridian"), port)) {
                service.awaitUp(URI.create("http://127.0.0.1:" + port + "/actuator/health/readiness"), Duration.ofSeconds(180));

                assertThat(migrations(postgres)).contains("1", "1.1");
                assertThat(count(postgres, "qrtz_scheduler_state")).as("the deadline scheduler checked in").isPositive();
            }
        }
    }

    private static void createTopics(KafkaBroker kafka) throws Exception {
        List<NewTopic> topics = new ArrayList<>();
        for (String topic : List.of(Topics.CLUSTER_EVENTS, Topics.MUTATIONS, Topics.MUTATION_RESULTS, Topics.DOMAIN_EVENTS)) {
            topics.add(new NewTopic(topic, 1, (short) 1));
            topics.add(new NewTopic(Topics.deadLetter(topic), 1, (short) 1));
        }
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrapServers()))) {
            admin.createTopics(topics).all().get();
        }
    }

    private static List<String> migrations(PostgresServer postgres) throws Exception {
        List<String> versions = new ArrayList<>();
        try (Connection c = postgres.dataSource("meridian").getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("select version from flyway_schema_history where success order by installed_rank")) {
            while (rs.next()) {
                versions.add(rs.getString(1));
            }
        }
        return versions;
    }

    private static int count(PostgresServer postgres, String table) throws Exception {
        try (Connection c = postgres.dataSource("meridian").getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("select count(*) from " + table)) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
