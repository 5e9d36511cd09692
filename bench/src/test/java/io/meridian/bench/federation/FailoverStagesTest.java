package io.meridian.bench.federation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.meridian.embedded.KafkaBroker;
import io.meridian.embedded.TestInfrastructure;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Mutation;
import io.meridian.schemas.MutationResult;
import io.meridian.schemas.ObjectRef;
import io.meridian.schemas.Topics;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The stages are read from Kafka once the failover is over, from where the topics ended when it began. */
class FailoverStagesTest {
    static final Instant DECLARED = Instant.parse("2026-11-25T02:00:00Z");
    static KafkaBroker kafka;
    static KafkaProducer<String, String> producer;

    @BeforeAll
    static void topics() throws Exception {
        kafka = TestInfrastructure.kafka();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(Topics.DOMAIN_EVENTS, 1, (short) 1),
                    new NewTopic(Topics.MUTATIONS, 1, (short) 1), new NewTopic(Topics.MUTATION_RESULTS, 1, (short) 1)))
                    .all().get();
        }
        producer = new KafkaProducer<>(Map.of("bootstrap.servers", kafka.bootstrapServers()), new StringSerializer(),
                new StringSerializer());
    }

    @AfterAll
    static void stop() {
        producer.close();
        kafka.close();
    }

    @Test
    void theRecordsPublishedAfterTheStartAreReadAtTheReportAndNoneBefore() throws Exception {
        publishFailoverOf("web", 0);
        List<String> lines;
        try (FailoverStages stages = FailoverStages.from(kafka.bootstrapServers())) {
            publishFailoverOf("web", 200);

            lines = stages.report(List.of(new FailoverStages.Workload("web", "member-002")), DECLARED.toEpochMilli(),
                    w -> DECLARED.toEpochMilli() + 400, Map.of("web", DECLARED.toEpochMilli() + 100), 1);
        }

        assertThat(lines.get(0)).contains("decision published 200 / 200 / 200 (1)", "applied 300 / 300 / 300 (1)");
        assertThat(lines.get(1)).contains("events {BindingScheduled=1}", "results {Patched=1}");
    }

    /** A decision, its Scale to the survivor and the result, stamped {@code afterMillis} (+100 for the result). */
    private static void publishFailoverOf(String name, long afterMillis) throws Exception {
        long at = DECLARED.toEpochMilli() + afterMillis;
        String id = "decision-" + afterMillis;
        producer.send(new ProducerRecord<>(Topics.DOMAIN_EVENTS, null, at, "b", MessageCodec.DOMAIN_EVENT.encode(
                new DomainEvent(DomainEvent.SCHEMA_VERSION, id, "Binding", "binding:default/Deployment/" + name, 1,
                        "BindingScheduled", DECLARED, id, "test", JsonNodeFactory.instance.objectNode())))).get();
        producer.send(new ProducerRecord<>(Topics.MUTATIONS, null, at, "member-002", MessageCodec.MUTATION.encode(
                new Mutation(Mutation.SCHEMA_VERSION, id + "/0", "member-002", DECLARED, "binding:default/Deployment/"
                        + name, id, Mutation.Type.SCALE, new ObjectRef("apps/v1", "Deployment", "default", name, null, null),
                        JsonNodeFactory.instance.objectNode())))).get();
        producer.send(new ProducerRecord<>(Topics.MUTATION_RESULTS, null, at + 100, "member-002",
                MessageCodec.MUTATION_RESULT.encode(new MutationResult(MutationResult.SCHEMA_VERSION, id + "/0",
                        "member-002", DECLARED, MutationResult.Outcome.PATCHED, "scaled")))).get();
    }
}
