package io.meridian.core.ws.admission;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The workload objects the webhook can read, looked up by namespace, group, kind and name. */
public final class ClusterObjects {
    private record Key(String namespace, GroupKind groupKind, String name) {
    }

    private final Map<Key, ClusterObject> objects = new HashMap<>();

    private ClusterObjects(List<ClusterObject> objects) {
        objects.forEach(o -> this.objects.putIfAbsent(new Key(o.namespace(), o.groupKind(), o.name()), o));
    }

    public static ClusterObjects of(List<ClusterObject> objects) {
        return new ClusterObjects(objects);
    }

    public static ClusterObjects none() {
        return new ClusterObjects(List.of());
    }

    public Optional<ClusterObject> find(String namespace, GroupKind groupKind, String name) {
        return Optional.ofNullable(objects.get(new Key(namespace, groupKind, name)));
    }
}
