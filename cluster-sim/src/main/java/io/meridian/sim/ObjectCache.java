package io.meridian.sim;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The simulation's view of one kind: fed by an informer and by the simulation's own writes, so that
 * a controller sees what it just created or deleted before the watch event comes back. The newer
 * resourceVersion wins (the mock server's versions are one increasing counter) and a deleted uid
 * does not come back (for two minutes, long after any late event about it).
 */
final class ObjectCache<T extends HasMetadata> implements ResourceEventHandler<T> {

  private final Map<String, T> byUid = new ConcurrentHashMap<>();
  private static final long TOMBSTONE_MILLIS = 120_000;
  private final Map<String, Long> deleted = new ConcurrentHashMap<>();
  private final Runnable onChange;

  ObjectCache(Runnable onChange) {
    this.onChange = onChange;
  }

  void put(T object) {
    String uid = object.getMetadata().getUid();
    if (uid == null || deleted.containsKey(uid)) {
      return;
    }
    byUid.merge(uid, object, (old, neu) -> version(neu) >= version(old) ? neu : old);
    onChange.run();
  }

  void remove(T object) {
    String uid = object.getMetadata().getUid();
    if (uid != null) {
      long now = System.currentTimeMillis();
      deleted.put(uid, now);
      if (deleted.size() > 10_000) {
        deleted.values().removeIf(at -> at < now - TOMBSTONE_MILLIS);
      }
      byUid.remove(uid);
      onChange.run();
    }
  }

  List<T> list() {
    return new ArrayList<>(byUid.values());
  }

  List<T> inNamespace(String namespace) {
    return byUid.values().stream().filter(o -> Objects.equals(namespace, o.getMetadata().getNamespace())).toList();
  }

  T get(String namespace, String name) {
    return byUid.values().stream()
        .filter(o -> Objects.equals(namespace, o.getMetadata().getNamespace()) && name.equals(o.getMetadata().getName()))
        .findFirst().orElse(null);
  }

  private static long version(HasMetadata object) {
    try {
      return Long.parseLong(object.getMetadata().getResourceVersion());
    } catch (RuntimeException e) {
      return 0;
    }
  }

  @Override
  public void onAdd(T object) {
    put(object);
  }

  @Override
  public void onUpdate(T oldObject, T newObject) {
    put(newObject);
  }

  @Override
  public void onDelete(T object, boolean deletedFinalStateUnknown) {
    remove(object);
  }
}
