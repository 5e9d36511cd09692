package io.meridian.command.it;

import static io.meridian.command.it.Infra.KAFKA;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.command.kafka.KafkaClients;
import io.meridian.command.kafka.MeridianProperties;
import io.meridian.schemas.Topics;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.Test;

/**
 * A record larger than Kafka's default 1 MiB request, as the status of a WorkloadRebalancer naming thousands of
 * workloads is, reaches the real broker: the command-service's producers compress and accept larger requests.
 */
class LargeRecordsIntegrationTest {

    @Test
    void aRecordOfThreeMebibytesOfStatusIsPublished() throws Exception {
        KafkaClients clients = new KafkaClients(new MeridianProperties(KAFKA.bootstrapServers(), null, null, null, null, null));
        StringBuilder status = new StringBuilder("{\"observedWorkloads\":[");
        for (int i = 0; status.length() < 3 * 1024 * 1024; i++) {
            status.append(i == 0 ? "" : ",").append("{\"workload\":{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",")
                    .append("\"namespace\":\"bench\",\"name\":\"w-").append(i).append("\"},\"result\":\"Successful\"}");
        }
        status.append("]}");

        try (KafkaProducer<String, String> producer = clients.idempotentProducer("large-records-test")) {
            RecordMetadata sent = producer.send(new ProducerRecord<>(Topics.DOMAIN_EVENTS, "rebalancer:large",
                    status.toString())).get(60, TimeUnit.SECONDS);

            assertThat(sent.serializedValueSize()).isGreaterThan(3 * 1024 * 1024);
        }
    }
}
