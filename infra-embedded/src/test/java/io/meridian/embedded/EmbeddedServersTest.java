package io.meridian.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

class EmbeddedServersTest {

    @Test
    void kafkaBrokerAcceptsAndDeliversRecords() throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.start()) {
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrapServers()))) {
                admin.createTopics(List.of(new NewTopic("probe", 1, (short) 1))).all().get();
            }
            try (var producer = new KafkaProducer<>(Map.<String, Object>of("bootstrap.servers", kafka.bootstrapServers(),
                    "acks", "all", "enable.idempotence", "true"), new StringSerializer(), new StringSerializer())) {
                producer.send(new ProducerRecord<>("probe", "k", "v")).get();
            }
            try (var consumer = new KafkaConsumer<>(Map.<String, Object>of("bootstrap.servers", kafka.bootstrapServers(),
                    "group.id", "probe", "auto.offset.reset", "earliest"), new StringDeserializer(), new StringDeserializer())) {
                consumer.subscribe(List.of("probe"));
                ConsumerRecords<String, String> records = ConsumerRecords.empty();
                for (int i = 0; i < 20 && records.isEmpty(); i++) {
                    records = consumer.poll(Duration.ofMillis(500));
                }
                assertThat(records.count()).isEqualTo(1);
                assertThat(records.iterator().next().value()).isEqualTo("v");
            }
        }
    }

    @Test
    void postgresRunsVersion18AndCommits() throws Exception {
        try (EmbeddedPostgresServer postgres = EmbeddedPostgresServer.start()) {
            postgres.createDatabase("meridian");
            try (Connection c = postgres.dataSource("meridian").getConnection(); Statement st = c.createStatement()) {
                st.execute("create table t (id int primary key)");
                st.execute("insert into t values (1)");
                ResultSet rs = st.executeQuery("select current_setting('server_version_num')::int, count(*) from t");
                rs.next();
                assertThat(rs.getInt(1)).isGreaterThanOrEqualTo(180000);
                assertThat(rs.getInt(2)).isEqualTo(1);
            }
        }
    }

    @Test
    void postgresSkipsFullPageImagesBecauseFsyncIsOff() throws Exception {
        try (EmbeddedPostgresServer postgres = EmbeddedPostgresServer.start();
             Connection c = postgres.dataSource("postgres").getConnection(); Statement st = c.createStatement()) {
            ResultSet rs = st.executeQuery("select current_setting('fsync'), current_setting('full_page_writes'),"
                    + " current_setting('synchronous_commit')");
            rs.next();
            assertThat(rs.getString(1)).as("fsync: full_page_writes off is only safe while fsync is off").isEqualTo("off");
            assertThat(rs.getString(2)).isEqualTo("off");
            assertThat(rs.getString(3)).isEqualTo("on");
        }
    }

    @Test
    void postgresDoesNotZeroFillNewWalSegments() throws Exception {
        try (EmbeddedPostgresServer postgres = EmbeddedPostgresServer.start();
             Connection c = postgres.dataSource("postgres").getConnection(); Statement st = c.createStatement()) {
            ResultSet rs = st.executeQuery("select current_setting('wal_init_zero')");
            rs.next();
            assertThat(rs.getString(1)).isEqualTo("off");
        }
    }
}
