package io.meridian.standalone.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.meridian.sim.SimulatedFleet;
import io.meridian.standalone.scenario.Step;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code rebalancer: {name}} expectation: the WorkloadRebalancer of that name in the host cluster (either API
 * group) has exactly the listed {@code status.observedWorkloads}, by workload name, each with its result
 * ({@code Pending} stands for the empty result).
 */
final class RebalancerCheck {
    static final String PENDING = "Pending";
    private final SimulatedFleet fleet;

    RebalancerCheck(SimulatedFleet fleet) {
        this.fleet = fleet;
    }

    ScenarioRunner.Check check(Step.RebalancerResults expected) {
        GenericKubernetesResource cr = fleet.host().api().get("WorkloadRebalancer", null, expected.name());
        if (cr == null) {
            return new ScenarioRunner.Check(false, "no WorkloadRebalancer " + expected.name() + " in "
                    + fleet.host().name());
        }
        JsonNode status = Serialization.jsonMapper().valueToTree(cr).path("status");
        List<String> seen = new ArrayList<>();
        List<String> comparable = new ArrayList<>();
        for (JsonNode entry : status.path("observedWorkloads")) {
            String name = entry.path("workload").path("name").asText();
            String result = entry.path("result").asText("").isEmpty() ? PENDING : entry.path("result").asText();
            comparable.add(name + ": " + result);
            seen.add(name + ": " + result + (entry.hasNonNull("reason") ? " (" + entry.path("reason").asText() + ")" : ""));
        }
        List<String> wanted = new ArrayList<>(expected.observedWorkloads().stream()
                .map(w -> w.name() + ": " + (w.result().isEmpty() ? PENDING : w.result())).toList());
        wanted.sort(null);
        comparable.sort(null);
        return new ScenarioRunner.Check(wanted.equals(comparable), "saw observedWorkloads " + seen
                + (status.hasNonNull("finishTime") ? ", finishTime " + status.path("finishTime").asText() : ""));
    }
}
