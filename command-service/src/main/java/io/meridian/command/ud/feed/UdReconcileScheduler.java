package io.meridian.command.ud.feed;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.cluster.Debouncer;
import io.meridian.command.kafka.MeridianProperties;
import io.meridian.command.ud.api.ReconcileUnitedDeployment;
import io.meridian.command.ud.api.SubsetWorkload;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Gathers the reasons to reconcile one UnitedDeployment for {@code meridian.sync-debounce} (as spreads are
 * synced), then sends one {@link ReconcileUnitedDeployment} built from the cluster state as it is then.
 */
@Component
public class UdReconcileScheduler implements DisposableBean {
    static final String START = "start";
    private static final Logger log = LoggerFactory.getLogger(UdReconcileScheduler.class);

    private final ClusterState state;
    private final CommandGateway commands;
    private final Clock clock;
    private final MemberReachability reachability;
    private final Debouncer debouncer;

    public UdReconcileScheduler(ClusterState state, CommandGateway commands, Clock clock,
                                MemberReachability reachability, MeridianProperties properties) {
        this.state = state;
        this.commands = commands;
        this.clock = clock;
        this.reachability = reachability;
        this.debouncer = new Debouncer("ud-reconcile", properties.syncDebounce(), this::run);
    }

    /** Reconciles the UnitedDeployment after the debounce; reasons arriving meanwhile join the first. */
    public void request(String aggregateId, String trigger) {
        debouncer.request(aggregateId, trigger);
    }

    private void run(String aggregateId, String trigger) {
        try {
            Optional<ReconcileUnitedDeployment> command = command(aggregateId, trigger);
            if (command.isPresent()) {
                MDC.put("aggregate", aggregateId);
                MDC.put("decisionId", command.get().decisionId());
                commands.sendAndWait(command.get());
            }
        } catch (RuntimeException e) {
            log.warn("reconcile of {} failed: {}", aggregateId, e.toString());
        } finally {
            MDC.remove("aggregate");
            MDC.remove("decisionId");
        }
    }

    /** The reconcile command from what the cluster state holds now; empty when the UnitedDeployment is unknown. */
    public Optional<ReconcileUnitedDeployment> command(String aggregateId, String trigger) {
        Optional<UdRef> ref = UdRef.parse(aggregateId);
        if (ref.isEmpty()) {
            return Optional.empty();
        }
        UdRef ud = ref.get();
        Optional<com.fasterxml.jackson.databind.node.ObjectNode> manifest =
                state.find(ud.cluster(), ud.namespace(), SubsetWorkloads.UNITED_DEPLOYMENT, ud.name());
        if (manifest.isEmpty()) {
            return Optional.empty();
        }
        List<SubsetWorkload> workloads = SubsetWorkloads.owned(state, ud.cluster(), ud.namespace(), ud.name());
        Map<String, List<JsonNode>> pods = isAdaptive(manifest.get()) ? podsBySubset(workloads) : Map.of();
        return Optional.of(new ReconcileUnitedDeployment(aggregateId, aggregateId + "@" + UUID.randomUUID(),
                clock.instant(), trigger, START.equals(trigger), workloads, pods, reachability.unreachable()));
    }

    static boolean isAdaptive(JsonNode manifest) {
        return "Adaptive".equals(manifest.path("spec").path("topology").path("scheduleStrategy").path("type").asText());
    }

    private Map<String, List<JsonNode>> podsBySubset(List<SubsetWorkload> workloads) {
        Map<String, List<JsonNode>> pods = new LinkedHashMap<>();
        for (SubsetWorkload workload : workloads) {
            String subset = workload.manifest().path("metadata").path("labels").path("apps.kruise.io/subset-name").asText(null);
            if (subset != null && !pods.containsKey(subset)) {
                pods.put(subset, state.podsOf(workload.cluster(), workload.namespace(), workload.kind(), workload.name()));
            }
        }
        return pods;
    }

    @Override
    public void destroy() {
        debouncer.close();
    }
}
