package io.meridian.command.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.ws.api.SyncWorkloadSpread;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import io.meridian.command.kafka.MeridianProperties;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Gathers the reasons to sync one spread for {@code meridian.sync-debounce}, then sends one
 * {@link SyncWorkloadSpread} built from the current cluster state.
 */
@Component
public class SyncScheduler implements DisposableBean {
    private static final Logger log = LoggerFactory.getLogger(SyncScheduler.class);

    private final ClusterState state;
    private final CommandGateway commands;
    private final Clock clock;
    private final Debouncer debouncer;

    public SyncScheduler(ClusterState state, CommandGateway commands, Clock clock, MeridianProperties properties) {
        this.state = state;
        this.commands = commands;
        this.clock = clock;
        this.debouncer = new Debouncer("spread-sync", properties.syncDebounce(), this::run);
    }

    public void request(String aggregateId, String trigger) {
        debouncer.request(aggregateId, trigger);
    }

    private void run(String aggregateId, String trigger) {
        try {
            Optional<SyncWorkloadSpread> command = command(aggregateId, trigger);
            if (command.isEmpty()) {
                return;
            }
            MDC.put("aggregate", aggregateId);
            MDC.put("decisionId", command.get().decisionId());
            commands.sendAndWait(command.get());
        } catch (RuntimeException e) {
            log.warn("sync of {} failed: {}", aggregateId, e.toString());
        } finally {
            MDC.remove("aggregate");
            MDC.remove("decisionId");
        }
    }

    /** The sync command for a spread from what the cluster state holds now; empty when the spread is unknown. */
    public Optional<SyncWorkloadSpread> command(String aggregateId, String trigger) {
        String[] parts = aggregateId.split("/", 3);
        if (parts.length != 3) {
            return Optional.empty();
        }
        String cluster = parts[0];
        String namespace = parts[1];
        Optional<com.fasterxml.jackson.databind.node.ObjectNode> spread =
                state.find(cluster, namespace, ClusterState.WORKLOAD_SPREAD, parts[2]);
        if (spread.isEmpty()) {
            return Optional.empty();
        }
        JsonNode target = spread.get().path("spec").path("targetRef");
        String kind = target.path("kind").asText();
        String name = target.path("name").asText();
        JsonNode workload = state.find(cluster, namespace, kind, name).orElse(null);
        List<JsonNode> pods = state.podsOf(cluster, namespace, kind, name);
        List<JsonNode> nodes = List.copyOf(state.nodes(cluster));
        String latest = workload == null ? null : state.latestVersion(cluster, workload);
        return Optional.of(new SyncWorkloadSpread(aggregateId, aggregateId + "@" + UUID.randomUUID(), clock.instant(),
                trigger, "start".equals(trigger), workload, latest, pods, nodes));
    }

    @Override
    public void destroy() {
        debouncer.close();
    }
}
