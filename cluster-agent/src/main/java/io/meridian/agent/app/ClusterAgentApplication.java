package io.meridian.agent.app;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/**
 * The cluster agent as a service of its own: one per member cluster, configured by environment variables
 * ({@code MERIDIAN_CLUSTER_NAME}, {@code MERIDIAN_CLUSTER_ROLE}, {@code KUBECONFIG}, {@code MERIDIAN_KAFKA_BOOTSTRAP},
 * {@code MERIDIAN_AGENT_QPS}, {@code MERIDIAN_AGENT_BURST}), with health and metrics on port 8083. The standalone
 * process uses {@link io.meridian.agent.ClusterAgent} directly instead.
 */
@SpringBootApplication
@EnableConfigurationProperties(AgentProperties.class)
public class ClusterAgentApplication {
    public static void main(String[] args) {
        SpringApplication.run(ClusterAgentApplication.class, args);
    }
}
