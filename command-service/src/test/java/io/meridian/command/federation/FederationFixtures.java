package io.meridian.command.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.federation.api.MemberView;
import io.meridian.command.ws.KernelJson;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Templates, policies and a settable {@link BindingInputs} for the binding tests. */
final class FederationFixtures {
    static final Instant T0 = Instant.parse("2026-11-22T04:00:00Z");
    static final String ID = "binding:default/Deployment/nginx";

    private FederationFixtures() {
    }

    static ObjectNode deployment(int replicas) {
        return (ObjectNode) read("""
                {"apiVersion":"apps/v1","kind":"Deployment",
                 "metadata":{"name":"nginx","namespace":"default","uid":"u-1","labels":{"app":"nginx"}},
                 "spec":{"replicas":%d,"selector":{"matchLabels":{"app":"nginx"}},
                         "template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"name":"nginx","image":"nginx"}]}}}}
                """.formatted(replicas));
    }

    /** The template after Meridian wrote the host's share. */
    static ObjectNode hostCopy(int total, int share) {
        ObjectNode template = deployment(share);
        ((ObjectNode) template.get("metadata")).putObject("annotations")
                .put(FederatedTemplate.TEMPLATE_REPLICAS, Integer.toString(total))
                .put(FederatedTemplate.APPLIED_REPLICAS, Integer.toString(share));
        return template;
    }

    static JsonNode staticWeights(int member1, int member2) {
        return policy("""
                {"clusterAffinity":{"clusterNames":["member1","member2"]},
                 "replicaScheduling":{"replicaSchedulingType":"Divided","replicaDivisionPreference":"Weighted",
                   "weightPreference":{"staticWeightList":[
                     {"targetCluster":{"clusterNames":["member1"]},"weight":%d},
                     {"targetCluster":{"clusterNames":["member2"]},"weight":%d}]}}}
                """.formatted(member1, member2), null);
    }

    static JsonNode withFailback(JsonNode policy, int seconds) {
        ObjectNode copy = policy.deepCopy();
        ((ObjectNode) copy.get("spec")).putObject("failover").putObject("failback").put("stabilizationSeconds", seconds);
        return copy;
    }

    static JsonNode policy(String placement, String extraSpec) {
        return read("""
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"PropagationPolicy",
                 "metadata":{"name":"nginx","namespace":"default"},
                 "spec":{"resourceSelectors":[{"apiVersion":"apps/v1","kind":"Deployment","name":"nginx"}],
                         "placement":%s%s}}
                """.formatted(placement, extraSpec == null ? "" : "," + extraSpec));
    }

    static JsonNode read(String json) {
        try {
            return KernelJson.JSON.readTree(json);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    static MemberView ready(String name, boolean host, Long free) {
        return new MemberView(name, true, T0, host, free);
    }

    static MemberView unreachable(String name) {
        return new MemberView(name, false, null, false, null);
    }

    /** What the binding reads; tests set it before each command. */
    static final class Inputs implements BindingInputs {
        JsonNode template = deployment(9);
        JsonNode policy = staticWeights(2, 1);
        List<MemberView> members = new ArrayList<>(List.of(ready("member1", true, 20L), ready("member2", false, 20L)));
        Map<String, BindingSource.CopyState> copies = new HashMap<>();
        /** Whether a committed decision already carries the members inline. */
        boolean fleetRecorded;

        @Override
        public Optional<BindingSource> read(String bindingId) {
            boolean bound = template != null && policy != null;
            String digest = bound ? FederatedTemplate.digest(template, BindingRef.parse(bindingId).labelValue()) : null;
            return Optional.of(new BindingSource("member1", template, policy, bound ? PolicyMatch.placement(policy) : null,
                    digest, members,
                    new FleetRef(FleetSnapshots.digest(members), fleetRecorded), copies));
        }

        /** What the aggregate last said about waiting for its copies, per binding. */
        Map<String, Boolean> awaiting = new HashMap<>();

        @Override
        public void awaitingCopies(String bindingId, boolean waits) {
            awaiting.put(bindingId, waits);
        }

        /** The assignment whose copies end a reschedule's wait, as the aggregate last said, per binding. */
        Map<String, Map<String, Integer>> awaited = new HashMap<>();

        @Override
        public void awaitedCopies(String bindingId, Map<String, Integer> assignment, boolean readyToo) {
            awaited.put(bindingId, assignment);
        }

        /** The member clusters the aggregate last said it involves, per binding. */
        Map<String, Set<String>> involved = new HashMap<>();

        @Override
        public void involves(String bindingId, Set<String> clusters) {
            involved.put(bindingId, clusters);
        }

        BindingSource source() {
            return read(ID).orElseThrow();
        }
    }

    /** A given/when/then fixture of the binding aggregate that reads its inputs from {@code inputs}. */
    static org.axonframework.test.aggregate.AggregateTestFixture<BindingAggregate> bindingFixture(Inputs inputs) {
        var fixture = new org.axonframework.test.aggregate.AggregateTestFixture<>(BindingAggregate.class);
        fixture.registerInjectableResource(inputs);
        return fixture;
    }
}
