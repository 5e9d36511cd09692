package io.meridian.command.federation;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.federation.api.BindingScheduled;
import io.meridian.command.federation.api.MemberView;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;

/** {@link BindingInputs} from what the agents reported ({@link ClusterState}) and the member clusters ({@link FleetView}). */
public class ClusterBindingInputs implements BindingInputs {
    private static final String CARRIED = ClusterBindingInputs.class.getName() + ".carriedFleets";
    private final ClusterState state;
    private final FleetView fleet;
    private final FleetSnapshots snapshots;
    /** Bindings known, since this process started, not to wait for their copies (nothing about them is a guess). */
    private final Set<String> settled = ConcurrentHashMap.newKeySet();
    /** Per binding waiting for its copies with no rollout step to take, what ends the wait (as committed). */
    private final Map<String, AwaitedCopies> awaited = new ConcurrentHashMap<>();
    /** Per binding, the member clusters it involves as its last command left it (a superset while one is in flight). */
    private final Map<String, Set<String>> involved = new ConcurrentHashMap<>();
    private final TemplateReadings readings = new TemplateReadings();
    /** The names of the last member list read (the fleet's list is the same object until the fleet changes). */
    private volatile MemberNames memberNames = new MemberNames(List.of(), Set.of());
    /** The last member list described with the host's Cluster objects: one list while neither changes. */
    private volatile DescribedMembers describedMembers = new DescribedMembers(List.of(), List.of(), List.of());

    public ClusterBindingInputs(ClusterState state, FleetView fleet, FleetSnapshots snapshots) {
        this.state = state;
        this.fleet = fleet;
        this.snapshots = snapshots;
    }

    @Override
    public Optional<BindingSource> read(String bindingId) {
        Optional<String> host = fleet.host();
        if (host.isEmpty()) {
            return Optional.empty();
        }
        BindingRef ref = BindingRef.parse(bindingId);
        JsonNode template = state.find(host.get(), ref.namespace(), ref.kind(), ref.name())
                .filter(t -> t.path("metadata").path("deletionTimestamp").isMissingNode())
                .orElse(null);
        TemplateReadings.Reading reading = readings.read(ref, template,
                template == null ? List.of() : policies(host.get(), ref.namespace()));
        List<MemberView> fleetMembers = fleet.members();
        List<MemberView> members = describedMembers(host.get(), fleetMembers);
        return Optional.of(new BindingSource(host.get(), template, reading.policy(), reading.placement(),
                reading.digest(), members, fleetRef(members), copies(host.get(), ref, fleetMembers)));
    }

    /**
     * The fleet counts as recorded once a decision carrying it committed, or when one carrying it is already among
     * the decisions this transaction will store: they are stored together or not at all.
     */
    private FleetRef fleetRef(List<MemberView> members) {
        FleetRef ref = snapshots.ref(members);
        boolean carriedHere = CurrentUnitOfWork.isStarted()
                && carriedIn(CurrentUnitOfWork.get()).contains(ref.digest());
        return carriedHere && !ref.recorded() ? new FleetRef(ref.digest(), true) : ref;
    }

    /**
     * The fleets carried inline by the decisions whose commands committed in this transaction so far: the root unit of
     * work, in which a batch of commands ({@link BindingCommands}) stores all their events at once.
     */
    private static Set<String> carriedIn(UnitOfWork<?> unit) {
        return unit.root().getOrComputeResource(CARRIED, key -> new HashSet<>());
    }

    /**
     * The template's copies (and the template itself in the host) as the cluster state holds them, by cluster, among
     * the fleet's members ({@link FleetView#members()}: the list whose names are kept, whoever asks).
     */
    private Map<String, BindingSource.CopyState> copies(String host, BindingRef ref, List<MemberView> members) {
        Map<String, BindingSource.CopyState> copies = new HashMap<>();
        state.findInEach(names(members), ref.namespace(), ref.kind(), ref.name())
                .forEach((member, copy) -> {
                    if (member.equals(host) || FederatedTemplate.isCopyOf(copy, ref.labelValue())) {
                        copies.put(member, new BindingSource.CopyState(copy.path("spec").path("replicas").asInt(1),
                                copy.path("status").path("readyReplicas").asInt(0)));
                    }
                });
        return copies;
    }

    /**
     * The members with their Cluster objects' labels and fields, the same list for every binding read while the fleet
     * and the objects are as they were: the kernel builds its models once per list. Made with {@code List.copyOf}, so
     * that {@link BindingSource}'s own copy is this very list.
     */
    private List<MemberView> describedMembers(String host, List<MemberView> members) {
        List<JsonNode> objects = clusterObjects(host);
        DescribedMembers last = describedMembers;
        if (last.fleet() == members && TemplateReadings.sameObjects(last.objects(), objects)) {
            return last.described();
        }
        List<MemberView> described = List.copyOf(ClusterObjects.describe(members, objects));
        describedMembers = new DescribedMembers(members, objects, described);
        return described;
    }

    private record DescribedMembers(List<MemberView> fleet, List<JsonNode> objects, List<MemberView> described) {
    }

    private Set<String> names(List<MemberView> members) {
        MemberNames known = memberNames;
        if (known.members() != members) {
            known = new MemberNames(members,
                    members.stream().map(MemberView::name).collect(Collectors.toUnmodifiableSet()));
            memberNames = known;
        }
        return known.names();
    }

    private record MemberNames(List<MemberView> members, Set<String> names) {
    }

    /**
     * Once the decision commits, its fleet is recorded if it carries it inline (never before: it may roll back). Once
     * its command commits inside a larger transaction (its events then wait to be stored with the others'), the later
     * decisions of that transaction refer to it.
     */
    @Override
    public void applied(BindingScheduled decision) {
        String digest = decision.inputs().fleet();
        if (digest == null || decision.inputs().members() == null) {
            return;
        }
        if (CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().onCommit(unit -> carriedIn(unit).add(digest));
        }
        afterCommit(() -> snapshots.recorded(digest));
    }

    /**
     * Waiting counts at once; settled only once the unit of work commits, since a rolled-back command leaves the
     * binding as it was and it might be waiting.
     */
    @Override
    public void awaitingCopies(String bindingId, boolean awaiting) {
        awaited.remove(bindingId);
        if (awaiting) {
            settled.remove(bindingId);
        } else {
            afterCommit(() -> settled.add(bindingId));
        }
    }

    /**
     * The union with what was known counts at once, the new set alone once the unit of work commits: a rolled-back
     * command leaves the binding as it was, so until then either set may be the true one. Most commands change
     * nothing here, and then nothing is done.
     */
    @Override
    public void involves(String bindingId, Set<String> clusters) {
        if (clusters.equals(involved.get(bindingId))) {
            return;
        }
        Set<String> now = Set.copyOf(clusters);
        involved.merge(bindingId, now, ClusterBindingInputs::union);
        afterCommit(() -> involved.put(bindingId, now));
    }

    @Override
    public boolean mayInvolve(String bindingId, String cluster) {
        Set<String> clusters = involved.get(bindingId);
        return clusters == null || clusters.contains(cluster);
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> both = new HashSet<>(a);
        both.addAll(b);
        return Set.copyOf(both);
    }

    /** Runs {@code action} once the current unit of work commits (never if it rolls back), or now outside one. */
    private static void afterCommit(Runnable action) {
        if (CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().afterCommit(u -> action.run());
        } else {
            action.run();
        }
    }

    /** Known once the command that says so commits; any later command forgets it at once, until it says it again. */
    @Override
    public void awaitedCopies(String bindingId, Map<String, Integer> assignment, boolean readyToo) {
        AwaitedCopies wait = new AwaitedCopies(Map.copyOf(assignment), readyToo);
        afterCommit(() -> awaited.put(bindingId, wait));
    }

    /** Whether a change of one of its copies may matter to the binding: yes unless it is known not to wait for them. */
    public boolean awaitsCopies(String bindingId) {
        return !settled.contains(bindingId);
    }

    /**
     * Whether a change of one of its copies, as the cluster state holds them now, may lead the binding to a decision:
     * it waits for them, and either what ends its wait is not known here (a rollout takes a step on every change) or
     * the copies now match it.
     */
    public boolean copyChangeMatters(String bindingId) {
        if (!awaitsCopies(bindingId)) {
            return false;
        }
        AwaitedCopies wait = awaited.get(bindingId);
        Optional<String> host = fleet.host();
        // the copies alone: the template, its policy and the members' Cluster objects do not change what ends a wait
        return wait == null || host.isEmpty()
                || wait.endedBy(copies(host.get(), BindingRef.parse(bindingId), fleet.members()));
    }

    private record AwaitedCopies(Map<String, Integer> assignment, boolean readyToo) {
        boolean endedBy(Map<String, BindingSource.CopyState> copies) {
            return CopiesInPlace.match(assignment, copies, readyToo);
        }
    }

    /** The Cluster and MemberCluster objects of the host (cluster-scoped). */
    private List<JsonNode> clusterObjects(String host) {
        List<JsonNode> objects = new java.util.ArrayList<>(state.ofKind(host, "", ClusterObjects.KIND));
        objects.addAll(state.ofKind(host, "", ClusterObjects.MEMBER_KIND));
        return objects;
    }

    /**
     * The policies that may select a template of a namespace of the host: the namespace's PropagationPolicies and
     * every ClusterPropagationPolicy (read from the state's index of the namespace, and of cluster-scoped objects).
     */
    List<? extends JsonNode> policies(String host, String namespace) {
        List<JsonNode> clusterPolicies = state.workloads(host, "", PolicyMatch.CLUSTER_KIND);
        if (clusterPolicies.isEmpty()) {
            return state.workloads(host, namespace, PolicyMatch.KIND);
        }
        List<JsonNode> policies = new java.util.ArrayList<>(state.workloads(host, namespace, PolicyMatch.KIND));
        policies.addAll(clusterPolicies);
        return policies;
    }

    /** The templates of every namespace of the host that one ClusterPropagationPolicy selects, as binding ids. */
    List<String> templatesSelectedEverywhere(String host, JsonNode clusterPolicy) {
        return state.namespaces(host).stream().filter(namespace -> !namespace.isEmpty())
                .flatMap(namespace -> templatesSelectedBy(host, namespace, clusterPolicy).stream()).toList();
    }

    /** The templates of a namespace of the host that some policy selects, as binding ids, in order. */
    List<String> selectedTemplates(String host, String namespace) {
        Set<String> ids = new TreeSet<>();
        for (JsonNode policy : policies(host, namespace)) {
            if (policy.path("metadata").path("deletionTimestamp").isMissingNode()) {
                ids.addAll(templatesSelectedBy(host, namespace, policy));
            }
        }
        return List.copyOf(ids);
    }

    /**
     * The templates of a namespace of the host that one policy selects (whether or not another one wins), as binding
     * ids: looked up by name when every selector names its template, else found among the namespace's templates.
     */
    List<String> templatesSelectedBy(String host, String namespace, JsonNode policy) {
        Stream<JsonNode> candidates = PolicyMatch.namedTemplates(policy)
                .map(named -> named.stream().map(n -> state.find(host, namespace, n.kind(), n.name()))
                        .flatMap(Optional::stream).map(JsonNode.class::cast).filter(ClusterBindingInputs::isTemplate))
                .orElseGet(() -> templates(host, namespace));
        return candidates.filter(o -> PolicyMatch.specificity(policy, o) > 0).map(o -> bindingId(namespace, o)).toList();
    }

    private Stream<JsonNode> templates(String host, String namespace) {
        return state.workloads(host, namespace).stream().filter(ClusterBindingInputs::isTemplate);
    }

    private static boolean isTemplate(JsonNode object) {
        return FederatedTemplate.isTemplateKind(object.path("kind").asText())
                && object.path("metadata").path("ownerReferences").isMissingNode();
    }

    private static String bindingId(String namespace, JsonNode template) {
        return new BindingRef(namespace, template.path("kind").asText(), template.path("metadata").path("name").asText()).id();
    }
}
