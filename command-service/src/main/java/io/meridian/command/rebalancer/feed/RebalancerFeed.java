package io.meridian.command.rebalancer.feed;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.cluster.ClusterChange;
import io.meridian.command.cluster.ClusterChangeListener;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.rebalancer.api.RebalancerApi;
import io.meridian.command.rebalancer.api.RemoveRebalancer;
import io.meridian.command.rebalancer.api.UpsertRebalancer;
import io.meridian.command.ws.KernelJson;
import io.meridian.core.karmada.rebalancer.ResourceTemplate;
import io.meridian.core.karmada.rebalancer.WorkloadRebalancer;
import io.meridian.core.karmada.rebalancer.WorkloadRebalancerSpec;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.stereotype.Component;

/**
 * WorkloadRebalancer CRs of the host cluster ({@code apps.karmada.io} and {@code apps.meridian.io}) to the rebalancer
 * aggregate: upserts to {@link UpsertRebalancer}, deletions to {@link RemoveRebalancer}; a change of the status alone
 * (our own writes coming back) sends nothing. CRs of other clusters are not rebalancers; those a cluster reported
 * before it became known as the host are fed when it does.
 */
@Component
public class RebalancerFeed implements ClusterChangeListener {
    public static final String KIND = "WorkloadRebalancer";
    private static final Logger log = LoggerFactory.getLogger(RebalancerFeed.class);

    private final CommandGateway commands;
    private final HostClusters hosts;
    private final ClusterState state;
    private final Clock clock;
    private volatile boolean caughtUp;

    public RebalancerFeed(CommandGateway commands, HostClusters hosts, ClusterState state, Clock clock) {
        this.commands = commands;
        this.hosts = hosts;
        this.state = state;
        this.clock = clock;
        hosts.whenNewHost(this::feedLateHost);
    }

    @Override
    public void onCaughtUp(ClusterState caughtUpState, Instant at) {
        caughtUp = true;
        hosts.all().forEach(host -> feedAll(host, at, true));
    }

    @Override
    public void onChange(ClusterChange change) {
        if (!KIND.equals(change.kind()) || !hosts.isHost(change.cluster())) {
            return;
        }
        if (change.deleted()) {
            String uid = change.previous().path("metadata").path("uid").asText(null);
            send(new RemoveRebalancer(RebalancerApi.aggregateId(change.ref().name()), uid, change.at()));
        } else if (!statusOnly(change)) {
            upsert(change.cluster(), change.current(), change.at(), false);
        }
    }

    /**
     * Our own status writes come back as changes of the CR: with the same uid and spec nothing is to be decided, so
     * nothing is sent (an upsert would load the rebalancer on the cluster-events thread for nothing).
     */
    static boolean statusOnly(ClusterChange change) {
        JsonNode before = change.previous();
        JsonNode now = change.current();
        return before != null && now != null
                && before.path("metadata").path("uid").equals(now.path("metadata").path("uid"))
                && before.path("spec").equals(now.path("spec"));
    }

    private void feedLateHost(String host) {
        if (caughtUp) {
            feedAll(host, clock.instant(), false);
        }
    }

    private void feedAll(String host, Instant at, boolean resume) {
        state.ofKind(host, KIND).forEach(cr -> upsert(host, cr, at, resume));
    }

    private void upsert(String cluster, JsonNode cr, Instant at, boolean resume) {
        WorkloadRebalancer rebalancer;
        try {
            rebalancer = KernelJson.JSON.convertValue(cr, WorkloadRebalancer.class);
        } catch (IllegalArgumentException e) {
            log.warn("WorkloadRebalancer {} not readable: {}", cr.path("metadata").path("name").asText(), e.getMessage());
            return;
        }
        if (rebalancer.spec() == null) {
            rebalancer = new WorkloadRebalancer(rebalancer.apiVersion(), rebalancer.kind(), rebalancer.metadata(),
                    WorkloadRebalancerSpec.of(List.of(), null), null);
        }
        List<ResourceTemplate> templates = rebalancer.spec().workloadSelector() != null
                ? HostTemplates.of(state, cluster) : List.of();
        send(new UpsertRebalancer(RebalancerApi.aggregateId(rebalancer.metadata().name()), cluster,
                cr.path("metadata").path("uid").asText(null), rebalancer, templates, resume, at));
    }

    private void send(Object command) {
        String id = command instanceof UpsertRebalancer u ? u.id() : ((RemoveRebalancer) command).id();
        MDC.put("aggregate", id);
        try {
            commands.sendAndWait(command, 30, TimeUnit.SECONDS);
        } catch (RuntimeException e) {
            log.warn("rebalancer command {} failed: {}", command.getClass().getSimpleName(), e.toString());
        } finally {
            MDC.remove("aggregate");
        }
    }
}
