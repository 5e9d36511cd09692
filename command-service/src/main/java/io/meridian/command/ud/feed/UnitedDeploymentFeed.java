package io.meridian.command.ud.feed;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.cluster.ClusterChange;
import io.meridian.command.cluster.ClusterChangeListener;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.ud.api.DeleteLeftoverWorkloads;
import io.meridian.command.ud.api.RemoveUnitedDeployment;
import io.meridian.command.ud.api.SubsetWorkload;
import io.meridian.command.ud.api.UnitedDeploymentApi;
import io.meridian.command.ud.api.UpsertUnitedDeployment;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.stereotype.Component;

/**
 * Turns cluster changes into UnitedDeployment commands: a UnitedDeployment created, changed or deleted in any
 * cluster is upserted or removed and reconciled; a change of one of its subset workloads (in any cluster), or of
 * a pod of one when the strategy is Adaptive, asks for a debounced reconcile.
 */
@Component
public class UnitedDeploymentFeed implements ClusterChangeListener {
    private static final Logger log = LoggerFactory.getLogger(UnitedDeploymentFeed.class);

    private final CommandGateway commands;
    private final ClusterState state;
    private final UdReconcileScheduler reconciles;
    private final MemberReachability reachability;
    private final Clock clock;

    public UnitedDeploymentFeed(CommandGateway commands, ClusterState state, UdReconcileScheduler reconciles,
                                MemberReachability reachability, Clock clock) {
        this.clock = clock;
        this.commands = commands;
        this.state = state;
        this.reconciles = reconciles;
        this.reachability = reachability;
        reachability.onChange(this::reachabilityChanged);
    }

    @Override
    public void onCaughtUp(ClusterState caughtUp, Instant at) {
        for (String cluster : caughtUp.clusterNames()) {
            for (JsonNode ud : caughtUp.ofKind(cluster, SubsetWorkloads.UNITED_DEPLOYMENT)) {
                String id = idOf(cluster, ud);
                if (upsert(id, cluster, ud, at)) {
                    reconciles.request(id, UdReconcileScheduler.START);
                }
            }
        }
        caughtUp.clusterNames().forEach(cluster -> deleteLeftovers(cluster, at));
    }

    @Override
    public void onChange(ClusterChange change) {
        if (SubsetWorkloads.UNITED_DEPLOYMENT.equals(change.kind())) {
            unitedDeploymentChanged(change);
        } else if ("Pod".equals(change.kind())) {
            podChanged(change);
        } else {
            Set<String> owners = new LinkedHashSet<>();
            SubsetWorkloads.ownerId(change.cluster(), change.current()).ifPresent(owners::add);
            SubsetWorkloads.ownerId(change.cluster(), change.previous()).ifPresent(owners::add);
            owners.forEach(id -> reconciles.request(id, change.kind() + " " + change.ref().name() + " changed"));
        }
    }

    private void unitedDeploymentChanged(ClusterChange change) {
        String id = UnitedDeploymentApi.aggregateId(change.cluster(), change.ref().namespace(), change.ref().name());
        if (change.deleted()) {
            remove(id, change);
        } else if (upsert(id, change.cluster(), change.current(), change.at())) {
            reconciles.request(id, "UnitedDeployment changed");
        }
    }

    /** Pods matter to the Adaptive strategy only (pending pods make a subset unschedulable). */
    private void podChanged(ClusterChange change) {
        JsonNode pod = change.deleted() ? change.previous() : change.current();
        for (JsonNode owner : state.ownerChain(change.cluster(), pod)) {
            SubsetWorkloads.ownerId(change.cluster(), owner).ifPresent(id -> {
                UdRef ref = UdRef.parse(id).orElseThrow();
                state.find(ref.cluster(), ref.namespace(), SubsetWorkloads.UNITED_DEPLOYMENT, ref.name())
                        .filter(UdReconcileScheduler::isAdaptive)
                        .ifPresent(ud -> reconciles.request(id, "Pod " + change.ref().name() + " changed"));
            });
        }
    }

    private void reachabilityChanged(String cluster) {
        if (!reachability.unreachable().contains(cluster)) {
            deleteLeftovers(cluster, clock.instant());
        }
        for (String hostCluster : state.clusterNames()) {
            for (JsonNode ud : state.ofKind(hostCluster, SubsetWorkloads.UNITED_DEPLOYMENT)) {
                for (JsonNode subset : ud.path("spec").path("topology").path("subsets")) {
                    if (cluster.equals(subset.path("cluster").asText(null))) {
                        reconciles.request(idOf(hostCluster, ud), "member cluster " + cluster + " reachability changed");
                        break;
                    }
                }
            }
        }
    }

    /**
     * Subset workloads in {@code cluster} whose UnitedDeployment is gone: the deletes sent when it was removed did
     * not reach them (the member was unreachable longer than the applier retries, or the service stopped first).
     * The aggregate deletes them only if it recorded the removal, so a UnitedDeployment not reported yet loses nothing.
     */
    private void deleteLeftovers(String cluster, Instant at) {
        Map<String, List<SubsetWorkload>> leftovers = new LinkedHashMap<>();
        for (String namespace : state.namespaces(cluster)) {
            for (JsonNode object : state.workloads(cluster, namespace)) {
                if (object.path("metadata").path("deletionTimestamp").isMissingNode()) {
                    SubsetWorkloads.ownerId(cluster, object).filter(id -> !reported(id)).ifPresent(id ->
                            leftovers.computeIfAbsent(id, k -> new ArrayList<>()).add(new SubsetWorkload(cluster, object)));
                }
            }
        }
        leftovers.forEach((id, workloads) -> commands.send(new DeleteLeftoverWorkloads(id, id + "@" + UUID.randomUUID(),
                workloads, at)).exceptionally(e -> {
                    if (!(e instanceof AggregateNotFoundException || e.getCause() instanceof AggregateNotFoundException)) {
                        log.warn("leftover workloads of UnitedDeployment {} not deleted: {}", id, e.toString());
                    }
                    return null;
                }));
    }

    private boolean reported(String id) {
        return UdRef.parse(id).flatMap(ref -> state.find(ref.cluster(), ref.namespace(), SubsetWorkloads.UNITED_DEPLOYMENT,
                ref.name())).isPresent();
    }

    private boolean upsert(String id, String cluster, JsonNode ud, Instant at) {
        MDC.put("aggregate", id);
        try {
            commands.sendAndWait(new UpsertUnitedDeployment(id, cluster, ud, at));
            return true;
        } catch (RuntimeException e) {
            log.warn("UnitedDeployment {} not registered: {}", id, e.getMessage());
            return false;
        } finally {
            MDC.remove("aggregate");
        }
    }

    private void remove(String id, ClusterChange change) {
        MDC.put("aggregate", id);
        try {
            commands.sendAndWait(new RemoveUnitedDeployment(id, id + "@" + UUID.randomUUID(),
                    SubsetWorkloads.owned(state, change.cluster(), change.ref().namespace(), change.ref().name()),
                    change.at()));
        } catch (AggregateNotFoundException unknown) {
            log.debug("UnitedDeployment {} was never registered", id);
        } catch (RuntimeException e) {
            if (!(e.getCause() instanceof AggregateNotFoundException)) {
                log.warn("UnitedDeployment {} not removed: {}", id, e.getMessage());
            }
        } finally {
            MDC.remove("aggregate");
        }
    }

    private static String idOf(String cluster, JsonNode ud) {
        JsonNode metadata = ud.path("metadata");
        return UnitedDeploymentApi.aggregateId(cluster, metadata.path("namespace").asText(""), metadata.path("name").asText());
    }
}
