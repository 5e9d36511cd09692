package io.meridian.command.kafka;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code meridian.*}: Kafka, failover and admission settings.
 *
 * @param kafkaBootstrapServers  {@code meridian.kafka-bootstrap-servers} (env MERIDIAN_KAFKA_BOOTSTRAP)
 * @param consumerGroup          group of the mutation-results consumer
 * @param unreachableSeconds     {@code meridian.failover.unreachable-seconds}: no heartbeat for that long makes a member Unreachable
 * @param syncDebounce           how long pod/workload/node changes of one spread are gathered into one sync
 * @param admissionBatchMax      the most CREATEs of one spread sent as one AdmitPods command
 * @param catchUpWait            how long an admission waits for the cluster events consumer to reach the end of the topic
 */
@ConfigurationProperties("meridian")
public record MeridianProperties(String kafkaBootstrapServers, String consumerGroup, Failover failover,
                                 Duration syncDebounce, Integer admissionBatchMax, Duration catchUpWait) {
    public MeridianProperties {
        consumerGroup = consumerGroup == null || consumerGroup.isBlank() ? "command-service" : consumerGroup;
        failover = failover == null ? new Failover(null) : failover;
        syncDebounce = syncDebounce == null ? Duration.ofMillis(200) : syncDebounce;
        admissionBatchMax = admissionBatchMax == null ? 256 : admissionBatchMax;
        catchUpWait = catchUpWait == null ? Duration.ofSeconds(1) : catchUpWait;
    }

    public record Failover(Integer unreachableSeconds) {
        public Failover {
            unreachableSeconds = unreachableSeconds == null ? 30 : unreachableSeconds;
        }
    }
}
