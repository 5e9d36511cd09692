package io.meridian.projection;

import io.meridian.embedded.KafkaBroker;
import io.meridian.embedded.PostgresServer;
import io.meridian.embedded.TestInfrastructure;
import io.meridian.schemas.Topics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The projection-service on real Kafka and PostgreSQL (from {@link TestInfrastructure}), one Spring context shared by
 * every integration test class of this module; the servers stop when the JVM exits.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
abstract class ProjectionIntegrationTest {
    static final KafkaBroker KAFKA = TestInfrastructure.kafka();
    static final PostgresServer POSTGRES = TestInfrastructure.postgres();

    static {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", KAFKA.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(Topics.DOMAIN_EVENTS, 2, (short) 1),
                    new NewTopic(Topics.deadLetter(Topics.DOMAIN_EVENTS), 1, (short) 1))).all().get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            POSTGRES.close();
            KAFKA.close();
        }));
    }

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> POSTGRES.createDatabase("projections"));
        registry.add("spring.datasource.username", POSTGRES::username);
        registry.add("spring.datasource.password", POSTGRES::password);
        registry.add("meridian.kafka.bootstrap-servers", KAFKA::bootstrapServers);
    }

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;

    static void publish(String key, String value) throws Exception {
        try (var producer = new KafkaProducer<>(Map.<String, Object>of("bootstrap.servers", KAFKA.bootstrapServers(),
                "acks", "all", "enable.idempotence", "true"), new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>(Topics.DOMAIN_EVENTS, key, value)).get();
        }
    }

    String get(String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }
}
