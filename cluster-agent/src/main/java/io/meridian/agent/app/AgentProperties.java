package io.meridian.agent.app;

import io.meridian.agent.AgentSettings;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code meridian.agent.*}, filled from the environment by application.yml.
 *
 * @param kubeconfig path of a kubeconfig file; blank means in-cluster credentials (or ~/.kube/config)
 * @param deliveryStaleAfter readiness fails when Kafka has acknowledged nothing for this long
 * @param deliveryDeadAfter liveness fails when Kafka has acknowledged nothing for this long
 */
@ConfigurationProperties("meridian.agent")
public record AgentProperties(String clusterName, String clusterRole, String kubeconfig, String kafkaBootstrap,
                              double qps, int burst, Duration heartbeatInterval, Duration deliveryStaleAfter,
                              Duration deliveryDeadAfter) {
    public AgentProperties {
        if (kafkaBootstrap == null || kafkaBootstrap.isBlank()) {
            throw new IllegalArgumentException("kafkaBootstrap: required (MERIDIAN_KAFKA_BOOTSTRAP)");
        }
        deliveryStaleAfter = deliveryStaleAfter == null ? Duration.ofSeconds(30) : deliveryStaleAfter;
        deliveryDeadAfter = deliveryDeadAfter == null ? Duration.ofMinutes(5) : deliveryDeadAfter;
    }

    AgentSettings settings() {
        return new AgentSettings(clusterName, clusterRole, qps, burst, heartbeatInterval);
    }
}
