package io.meridian.command.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.cluster.SyncScheduler;
import io.meridian.command.ws.api.SyncWorkloadSpread;
import java.util.List;
import java.util.Optional;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a spread's status up to the workload's live spec before a batch is decided. A subset's room at
 * admission is the status's missingReplicas, which a sync computes from the target's replicas; when the
 * gateway read the target live ahead of what the agents reported (a scale-up not reported yet), the spread
 * is first synced with the live target, so a percentage maxReplicas is taken of the new count. When the
 * target read is the reported one (every spread without percentages) nothing happens.
 */
public final class LiveTargetSync implements AdmissionBatcher.BeforeDecision {
    private static final Logger log = LoggerFactory.getLogger(LiveTargetSync.class);

    private final ClusterState state;
    private final SyncScheduler syncs;
    private final CommandGateway commands;

    public LiveTargetSync(ClusterState state, SyncScheduler syncs, CommandGateway commands) {
        this.state = state;
        this.syncs = syncs;
        this.commands = commands;
    }

    @Override
    public void run(String aggregateId, List<JsonNode> objects) {
        String[] id = aggregateId.split("/", 3);
        if (id.length != 3) {
            return;
        }
        Optional<ObjectNode> spread = state.find(id[0], id[1], ClusterState.WORKLOAD_SPREAD, id[2]);
        if (spread.isEmpty()) {
            return;
        }
        JsonNode targetRef = spread.get().path("spec").path("targetRef");
        String kind = targetRef.path("kind").asText();
        String name = targetRef.path("name").asText();
        Optional<JsonNode> live = objects.stream().filter(o -> (kind + "/" + name).equals(LiveOwners.key(o))).findFirst();
        Optional<ObjectNode> reported = state.find(id[0], id[1], kind, name);
        if (live.isEmpty() || reported.isPresent() && reported.get().path("spec").equals(live.get().path("spec"))) {
            return;
        }
        try {
            syncs.command(aggregateId, "live " + kind + " " + name + " ahead of the reported one")
                    .map(sync -> withWorkload(sync, live.get(), state.latestVersion(id[0], live.get())))
                    .ifPresent(commands::sendAndWait);
        } catch (RuntimeException e) {
            log.warn("sync of {} with the live {} {} failed, deciding on the current status: {}", aggregateId, kind, name,
                    e.toString());
        }
    }

    private static SyncWorkloadSpread withWorkload(SyncWorkloadSpread sync, JsonNode workload, String latestVersion) {
        return new SyncWorkloadSpread(sync.id(), sync.decisionId(), sync.now(), sync.trigger(), sync.rearm(), workload,
                latestVersion, sync.pods(), sync.nodes());
    }
}
