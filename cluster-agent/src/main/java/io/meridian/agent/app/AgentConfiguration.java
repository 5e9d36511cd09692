package io.meridian.agent.app;

import io.fabric8.kubernetes.client.Config;
import io.meridian.agent.ClusterAgent;
import io.meridian.agent.KafkaEventSink;
import io.meridian.agent.WatchedResource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.UUID;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The agent and its Kafka sink as beans; the agent starts with the context and stops with it. */
@Configuration(proxyBeanMethods = false)
class AgentConfiguration {

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean(destroyMethod = "")
    KafkaEventSink kafkaEventSink(AgentProperties properties, Clock clock) {
        // closed by the agent, which owns its sink
        return new KafkaEventSink(properties.kafkaBootstrap(), clock);
    }

    @Bean(initMethod = "begin", destroyMethod = "close")
    ClusterAgent clusterAgent(AgentProperties properties, KafkaEventSink sink, Clock clock) {
        return new ClusterAgent(properties.settings(), kubernetesConfig(properties.kubeconfig()), sink, clock,
                () -> UUID.randomUUID().toString(), WatchedResource.defaults());
    }

    /** The file {@code KUBECONFIG} names (its first entry), else fabric8's own discovery (in-cluster account). */
    static Config kubernetesConfig(String kubeconfig) {
        if (kubeconfig == null || kubeconfig.isBlank()) {
            return Config.autoConfigure(null);
        }
        Path file = Path.of(kubeconfig.split(java.io.File.pathSeparator)[0]);
        try {
            return Config.fromKubeconfig(null, Files.readString(file), file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("KUBECONFIG: cannot read " + file, e);
        }
    }
}
