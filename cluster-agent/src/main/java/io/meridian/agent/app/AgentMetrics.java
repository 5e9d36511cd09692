package io.meridian.agent.app;

import io.meridian.agent.ClusterAgent;
import io.meridian.agent.Deliveries;
import io.meridian.agent.KafkaEventSink;
import io.meridian.schemas.ClusterEvent;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.stereotype.Component;

/**
 * {@code meridian_agent_events_published_total{type,outcome}} (what Kafka acknowledged or refused),
 * {@code meridian_agent_resyncs_total} and {@code meridian_agent_informers_synced}, tagged with the cluster.
 */
@Component
class AgentMetrics implements MeterBinder {
    private final ClusterAgent agent;
    private final Deliveries deliveries;

    AgentMetrics(ClusterAgent agent, KafkaEventSink sink) {
        this.agent = agent;
        this.deliveries = sink.deliveries();
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        String cluster = agent.settings().clusterName();
        for (ClusterEvent.Type type : ClusterEvent.Type.values()) {
            FunctionCounter.builder("meridian.agent.events.published", deliveries, d -> d.acknowledgedCount(type))
                    .description("cluster events sent to Kafka, by outcome")
                    .tags("cluster", cluster, "type", type.wire(), "outcome", "acknowledged").register(registry);
            FunctionCounter.builder("meridian.agent.events.published", deliveries, d -> d.failedCount(type))
                    .description("cluster events sent to Kafka, by outcome")
                    .tags("cluster", cluster, "type", type.wire(), "outcome", "failed").register(registry);
        }
        FunctionCounter.builder("meridian.agent.resyncs", agent, ClusterAgent::resyncs)
                .description("full resyncs published after a watch reconnected")
                .tags("cluster", cluster).register(registry);
        Gauge.builder("meridian.agent.informers.synced", agent, a -> a.informersSynced() ? 1 : 0)
                .description("1 when every served kind has been listed")
                .tags("cluster", cluster).register(registry);
    }
}
