package io.meridian.command.rebalancer.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.federation.api.ReschedulePlan;
import io.meridian.command.rebalancer.RebalancerTargets;
import io.meridian.command.rebalancer.api.RescheduleOutcome;
import io.meridian.command.rebalancer.api.RescheduleRequest;
import io.meridian.command.rebalancer.feed.HostClusters;
import io.meridian.command.rebalancer.feed.HostTemplates;
import io.meridian.command.rebalancer.feed.RescheduleAnswers;
import io.meridian.command.rebalancer.feed.RescheduleDispatcher;
import io.meridian.command.ws.KernelJson;
import io.meridian.core.karmada.rebalancer.ResourceTemplate;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/rebalance/plan} {@code {"workloads": ["web", "default/Deployment/api", ...]}}: what a fresh
 * reschedule would assign, per workload, without changing anything (PlanBindingReschedule /
 * PlanUnitedDeploymentReschedule). Answer {@code {"host": ..., "plans": [{"workload", "target", "before", "after"}
 * or {"workload", "error"}]}}; 400 for a body without workloads, 503 while no cluster has reported as host.
 */
@RestController
public class RebalancePlanController {
    static final long ANSWER_SECONDS = 30;
    private final CommandGateway commands;
    private final HostClusters hosts;
    private final ClusterState state;
    private final Clock clock;

    public RebalancePlanController(CommandGateway commands, HostClusters hosts, ClusterState state, Clock clock) {
        this.commands = commands;
        this.hosts = hosts;
        this.state = state;
        this.clock = clock;
    }

    @PostMapping(path = "/api/rebalance/plan", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<String> plan(@RequestBody String body) {
        JsonNode workloads;
        try {
            workloads = KernelJson.JSON.readTree(body).path("workloads");
        } catch (Exception e) {
            return answer(400, error("not JSON: " + e.getMessage()));
        }
        if (!workloads.isArray() || workloads.isEmpty()) {
            return answer(400, error("workloads: required, a non-empty list of [namespace/]kind/name or name"));
        }
        if (hosts.all().isEmpty()) {
            return answer(503, error("no cluster has reported as host yet"));
        }
        String host = hosts.all().get(0);
        List<ResourceTemplate> templates = HostTemplates.of(state, host);
        List<CompletableFuture<ObjectNode>> pending = new ArrayList<>();
        for (JsonNode text : workloads) {
            pending.add(planOne(text.asText(), host, templates));
        }
        ObjectNode answer = KernelJson.JSON.createObjectNode().put("host", host);
        ArrayNode plans = answer.putArray("plans");
        pending.forEach(p -> plans.add(p.join()));
        return answer(200, answer);
    }

    private CompletableFuture<ObjectNode> planOne(String text, String host, List<ResourceTemplate> templates) {
        ObjectNode entry = KernelJson.JSON.createObjectNode().put("workload", text);
        WorkloadNames.Resolved resolved = WorkloadNames.resolve(text, templates);
        if (resolved instanceof WorkloadNames.Resolved.Unknown unknown) {
            return CompletableFuture.completedFuture(entry.put("error", unknown.reason()));
        }
        var workload = ((WorkloadNames.Resolved.Found) resolved).workload();
        RescheduleRequest request = RebalancerTargets.request(workload, host, true, false);
        entry.put("workload", workload.namespace() + "/" + workload.kind() + "/" + workload.name());
        entry.put("target", request.targetId());
        return commands.send(RescheduleDispatcher.command("", request, clock.instant()))
                .orTimeout(ANSWER_SECONDS, TimeUnit.SECONDS)
                .handle((plan, failure) -> describe(entry, RescheduleAnswers.outcome(request, plan, failure)));
    }

    private static ObjectNode describe(ObjectNode entry, RescheduleOutcome outcome) {
        return switch (outcome.kind()) {
            case Planned -> {
                ReschedulePlan plan = outcome.plan();
                entry.set("before", KernelJson.JSON.valueToTree(new java.util.TreeMap<>(plan.before())));
                entry.set("after", KernelJson.JSON.valueToTree(new java.util.TreeMap<>(plan.after())));
                yield entry;
            }
            case NotFound -> entry.put("error", "not found: " + entry.path("target").asText()
                    + " (no binding: is the workload propagated?)");
            default -> entry.put("error", outcome.detail());
        };
    }

    private static ObjectNode error(String reason) {
        return KernelJson.JSON.createObjectNode().put("error", reason);
    }

    private static ResponseEntity<String> answer(int status, JsonNode body) {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(body.toString());
    }
}
