package io.meridian.command.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.cluster.SyncScheduler;
import io.meridian.command.ws.api.SyncWorkloadSpread;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a spread's status up to its target's current spec before a batch is decided. A subset's room at
 * admission is the status's missingReplicas, which a sync computes from the target's replicas. The batch reads
 * the target after the read barrier, or live from the member when the gateway sent it (a scale-up not reported
 * yet); either way it can be ahead of the spec the last sync used, since syncs after a reported change are
 * debounced and a pod created right after a scale-up comes sooner. So whenever the batch's target spec differs
 * from the one this instance last synced the spread with, the spread is synced with it first, and a percentage
 * maxReplicas is taken of the new count. A spec seen before costs nothing.
 */
public final class LiveTargetSync implements AdmissionBatcher.BeforeDecision {
    private static final Logger log = LoggerFactory.getLogger(LiveTargetSync.class);

    private final ClusterState state;
    private final SyncScheduler syncs;
    private final CommandGateway commands;
    /** Per spread, the target spec it was last synced with here. */
    private final Map<String, JsonNode> syncedSpecs = new ConcurrentHashMap<>();

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
        Optional<JsonNode> target = objects.stream().filter(o -> (kind + "/" + name).equals(LiveOwners.key(o))).findFirst();
        if (target.isEmpty() || target.get().path("spec").equals(syncedSpecs.get(aggregateId))) {
            return;
        }
        try {
            syncs.command(aggregateId, kind + " " + name + " spec not synced yet")
                    .map(sync -> withWorkload(sync, target.get(), state.latestVersion(id[0], target.get())))
                    .ifPresent(commands::sendAndWait);
            syncedSpecs.put(aggregateId, target.get().path("spec"));
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
