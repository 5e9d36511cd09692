package io.meridian.command.federation;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.federation.api.MemberView;
import io.meridian.command.member.api.MemberCapacityChanged;
import io.meridian.command.member.api.MemberClusterReady;
import io.meridian.command.member.api.MemberClusterRegistered;
import io.meridian.command.member.api.MemberClusterUnreachable;
import io.meridian.core.karmada.estimator.ZoneResources;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * The member clusters as the MemberCluster aggregates recorded them: role, Ready (since when) or Unreachable,
 * free pod slots and the resources per zone. Fed by {@link FederationReactions} as the events happen, and rebuilt from the event store when
 * the cluster events are caught up at start ({@link #fold}).
 */
public class FleetView {
    private final Map<String, Member> members = new ConcurrentHashMap<>();
    /** Counts the folds, so that {@link #members()} is built once per state of the fleet, not once per binding read. */
    private final AtomicLong folds = new AtomicLong();
    private volatile Listed listed = new Listed(-1, Optional.empty(), List.of());

    private record Listed(long folds, Optional<String> host, List<MemberView> members) {
    }

    private record Member(String role, boolean ready, Instant readySince, Long freePods, List<ZoneResources> capacity) {
        Member withRole(String newRole) {
            return new Member(newRole == null ? role : newRole, ready, readySince, freePods, capacity);
        }

        Member withReady(boolean nowReady, Instant since) {
            return new Member(role, nowReady, since, freePods, capacity);
        }
    }

    /** Applies one MemberCluster event; returns true when it changes readiness or the host. */
    public boolean fold(Object event) {
        try {
            return apply(event);
        } finally {
            folds.incrementAndGet();
        }
    }

    private boolean apply(Object event) {
        if (event instanceof MemberClusterRegistered registered) {
            members.merge(registered.cluster(), new Member(registered.role(), false, null, null, List.of()),
                    (old, fresh) -> old.withRole(registered.role()));
            return "host".equals(registered.role());
        }
        if (event instanceof MemberClusterReady ready) {
            Member old = member(ready.cluster());
            members.put(ready.cluster(), old.withReady(true, ready.at()));
            return !old.ready();
        }
        if (event instanceof MemberClusterUnreachable unreachable) {
            Member old = member(unreachable.cluster());
            members.put(unreachable.cluster(), old.withReady(false, null));
            return old.ready();
        }
        if (event instanceof MemberCapacityChanged capacity) {
            Member old = member(capacity.cluster());
            members.put(capacity.cluster(), new Member(old.role(), old.ready(), old.readySince(), freePods(capacity.zones()),
                    capacity(capacity.zones())));
        }
        return false;
    }

    public Optional<String> host() {
        return listed().host();
    }

    /**
     * Every member that has registered, by name: the same (unmodifiable) list until the next fold. A list built while
     * a fold runs is kept under the count read before building, so the next call builds it again.
     */
    public List<MemberView> members() {
        return listed().members();
    }

    private Listed listed() {
        long count = folds.get();
        Listed current = listed;
        if (current.folds() != count) {
            Optional<String> host = members.entrySet().stream().filter(e -> "host".equals(e.getValue().role()))
                    .map(Map.Entry::getKey).sorted().findFirst();
            current = new Listed(count, host, list(host.orElse(null)));
            listed = current;
        }
        return current;
    }

    private List<MemberView> list(String host) {
        return members.entrySet().stream()
                .map(e -> new MemberView(e.getKey(), e.getValue().ready(), e.getValue().readySince(),
                        e.getKey().equals(host), e.getValue().freePods()).withCapacity(e.getValue().capacity()))
                .sorted(Comparator.comparing(MemberView::name)).collect(Collectors.toUnmodifiableList());
    }

    private Member member(String cluster) {
        return members.getOrDefault(cluster, new Member(null, false, null, null, List.of()));
    }

    /** Σ freePods over the zones of a capacity report. */
    static Long freePods(JsonNode zones) {
        if (zones == null || !zones.isObject()) {
            return null;
        }
        long free = 0;
        for (JsonNode zone : zones) {
            free += Math.max(0, zone.path("freePods").asLong(0));
        }
        return free;
    }

    /** The zones of a capacity report with their resources (none for a report of pod slots only). */
    static List<ZoneResources> capacity(JsonNode zones) {
        List<ZoneResources> capacity = new ArrayList<>();
        if (zones == null || !zones.isObject()) {
            return capacity;
        }
        zones.fields().forEachRemaining(zone -> capacity.add(new ZoneResources(zone.getKey(),
                zone.getValue().path("freePods").asLong(0), amounts(zone.getValue().path("allocatable")),
                amounts(zone.getValue().path("requested")))));
        return capacity;
    }

    private static Map<String, Long> amounts(JsonNode resources) {
        Map<String, Long> amounts = new TreeMap<>();
        resources.fields().forEachRemaining(r -> {
            if (r.getValue().canConvertToLong()) {
                amounts.put(r.getKey(), r.getValue().longValue());
            }
        });
        return amounts;
    }
}
