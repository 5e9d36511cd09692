package io.meridian.sim;

import io.fabric8.mockwebserver.crud.Attribute;
import io.fabric8.mockwebserver.crud.AttributeSet;
import io.fabric8.mockwebserver.crud.AttributeType;
import java.util.AbstractMap;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The mock server's object store (attributes to JSON, as the stock one) with an index by object name. The stock
 * dispatcher finds an object by comparing every stored object's attributes with the request's, so each read or
 * write of one named object cost time in proportion to everything the simulated API server holds; a kube-apiserver
 * reads one key. The index gives the few objects of a name (one per kind and namespace); every change to the store
 * goes through {@link #put}, {@link #remove} or {@link #clear}, and the views it hands out cannot change it.
 */
final class NamedObjectStore extends AbstractMap<AttributeSet, String> {
  static final String NAME = "name";
  /** Synchronized on itself, as the stock store: its entry set copies and streams under the same lock as the index. */
  private final Map<AttributeSet, String> objects = Collections.synchronizedMap(new LinkedHashMap<>());
  private final Map<Attribute, Set<AttributeSet>> byName = new HashMap<>();
  /** The key of the last put since {@link #forgetLastKeyPut}: the stock change computes it and does not return it. */
  private AttributeSet lastKeyPut;

  @Override
  public String put(AttributeSet key, String value) {
    synchronized (objects) {
      lastKeyPut = key;
      String previous = objects.put(key, value);
      if (previous == null) {
        Attribute name = key.getAttribute(NAME);
        if (name != null) {
          byName.computeIfAbsent(name, n -> new LinkedHashSet<>()).add(key);
        }
      }
      return previous;
    }
  }

  @Override
  public String remove(Object key) {
    synchronized (objects) {
      String removed = objects.remove(key);
      if (removed != null) {
        Attribute name = ((AttributeSet) key).getAttribute(NAME);
        Set<AttributeSet> named = name == null ? null : byName.get(name);
        if (named != null && named.remove(key) && named.isEmpty()) {
          byName.remove(name);
        }
      }
      return removed;
    }
  }

  @Override
  public void clear() {
    synchronized (objects) {
      objects.clear();
      byName.clear();
    }
  }

  void forgetLastKeyPut() {
    synchronized (objects) {
      lastKeyPut = null;
    }
  }

  AttributeSet lastKeyPut() {
    synchronized (objects) {
      return lastKeyPut;
    }
  }

  @Override
  public String get(Object key) {
    return objects.get(key);
  }

  @Override
  public boolean containsKey(Object key) {
    return objects.containsKey(key);
  }

  @Override
  public int size() {
    return objects.size();
  }

  /** The stock store's own view (copied under its lock by the stock dispatcher), read-only: changes go through here. */
  @Override
  public Set<Map.Entry<AttributeSet, String>> entrySet() {
    return Collections.unmodifiableSet(objects.entrySet());
  }

  /**
   * The objects the query selects, when it names one object (a {@code name} attribute): looked up by that name, then
   * matched on the rest. Null when the query names none (or only asks that a name exist, or not be one), so the
   * caller matches every object.
   */
  List<Map.Entry<AttributeSet, String>> named(AttributeSet query) {
    Attribute name = query.getAttribute(NAME);
    if (name == null || name.getType() != AttributeType.WITH) {
      return null;
    }
    synchronized (objects) {
      return byName.getOrDefault(name, Set.of()).stream().filter(key -> key.matches(query))
          .map(key -> Map.entry(key, objects.get(key))).toList();
    }
  }
}
