package io.meridian.command.federation;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.cluster.ClusterChange;
import io.meridian.command.cluster.ClusterChangeListener;
import io.meridian.command.cluster.ClusterState;
import java.time.Instant;
import java.util.Optional;
import org.axonframework.eventsourcing.eventstore.EventStore;

/**
 * Cluster changes that concern bindings: a template, a PropagationPolicy or a ClusterPropagationPolicy of the host
 * changing syncs the bindings it may concern; a Karmada Cluster or Meridian MemberCluster object of the host (a
 * member's labels, provider, region, zones) changing syncs every binding; a copy changing in a member syncs its
 * binding unless the binding is known not to wait for its copies (only a reschedule does: a failover's survivors
 * taking their replicas then cost no second sync each).
 * At start the member clusters are read back from the event store and every selected template is synced.
 */
public class FederationListener implements ClusterChangeListener {
    private final ClusterState state;
    private final FleetView fleet;
    private final ClusterBindingInputs inputs;
    private final BindingSyncQueue syncs;
    private final EventStore events;

    public FederationListener(ClusterState state, FleetView fleet, ClusterBindingInputs inputs, BindingSyncQueue syncs,
                              EventStore events) {
        this.state = state;
        this.fleet = fleet;
        this.inputs = inputs;
        this.syncs = syncs;
        this.events = events;
    }

    @Override
    public void onCaughtUp(ClusterState caughtUp, Instant at) {
        for (String cluster : caughtUp.clusterNames()) {
            events.readEvents(cluster).asStream().forEach(message -> fleet.fold(message.getPayload()));
        }
        syncEverything("start");
    }

    /** Every template some policy of the host selects, and every binding seen before. */
    public void syncEverything(String trigger) {
        syncs.requestAll(trigger, fleet.host().stream().flatMap(host -> state.namespaces(host).stream()
                .flatMap(namespace -> inputs.selectedTemplates(host, namespace).stream())));
    }

    private static String trigger(ClusterChange change) {
        return change.kind() + " " + change.ref().name() + (change.deleted() ? " deleted" : " changed");
    }

    /** A PropagationPolicy selects templates of its own namespace only; a ClusterPropagationPolicy, of any. */
    private static boolean mayHaveSelected(ClusterChange policy, String bindingId) {
        return PolicyMatch.CLUSTER_KIND.equals(policy.kind())
                || BindingRef.parse(bindingId).namespace().equals(policy.ref().namespace());
    }

    private java.util.List<String> selectedBy(String host, String namespace, ClusterChange change) {
        return PolicyMatch.CLUSTER_KIND.equals(change.kind())
                ? inputs.templatesSelectedEverywhere(host, change.current())
                : inputs.templatesSelectedBy(host, namespace, change.current());
    }

    @Override
    public void onChange(ClusterChange change) {
        Optional<String> host = fleet.host();
        if (host.isEmpty()) {
            return;
        }
        String namespace = change.ref().namespace();
        if (change.cluster().equals(host.get())) {
            if (PolicyMatch.isPolicyKind(change.kind())) {
                // the templates it selects now, and every binding seen it may have selected before: in its namespace,
                // or anywhere for a ClusterPropagationPolicy
                syncs.requestWhere(trigger(change), change.current() == null ? java.util.stream.Stream.empty()
                        : selectedBy(host.get(), namespace, change).stream(), id -> mayHaveSelected(change, id));
            } else if (ClusterObjects.isClusterObject(change)) {
                syncEverything(trigger(change));
            } else if (FederatedTemplate.isTemplateKind(change.kind())) {
                String id = new BindingRef(namespace, change.kind(), change.ref().name()).id();
                if (syncs.isKnown(id) || change.current() != null
                        && PolicyMatch.select(inputs.policies(host.get(), namespace), change.current()).isPresent()) {
                    syncs.request(id, "template " + (change.deleted() ? "deleted" : "changed"));
                }
            }
            return;
        }
        JsonNode object = change.deleted() ? change.previous() : change.current();
        if (FederatedTemplate.isTemplateKind(change.kind()) && object != null
                && object.path("metadata").path("labels").has(FederatedTemplate.BINDING_LABEL)) {
            String id = new BindingRef(namespace, change.kind(), change.ref().name()).id();
            if (inputs.copyChangeMatters(id)) {
                syncs.request(id, "copy in " + change.cluster() + (change.deleted() ? " deleted" : " changed"));
            }
        }
    }
}
