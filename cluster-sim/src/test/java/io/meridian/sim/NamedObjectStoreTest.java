package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.mockwebserver.crud.Attribute;
import io.fabric8.mockwebserver.crud.AttributeSet;
import io.fabric8.mockwebserver.crud.AttributeType;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The simulated API server's store, indexed by object name. */
class NamedObjectStoreTest {
  final NamedObjectStore store = new NamedObjectStore();

  static AttributeSet object(String kind, String name) {
    return new AttributeSet(new Attribute("kind", kind), new Attribute("namespace", "apps"), new Attribute("name", name));
  }

  static AttributeSet query(String kind, String name) {
    return new AttributeSet(new Attribute("kind", kind), new Attribute("name", name));
  }

  @Test
  void aNamedQueryFindsTheObjectOfThatNameAndKind() {
    store.put(object("Deployment", "web"), "deploy-web");
    store.put(object("Service", "web"), "svc-web");
    store.put(object("Deployment", "api"), "deploy-api");

    assertThat(store.named(query("Deployment", "web"))).extracting(Map.Entry::getValue).containsExactly("deploy-web");
    assertThat(store.named(query("Deployment", "db"))).isEmpty();
  }

  @Test
  void aRemovedObjectIsNoLongerFound() {
    store.put(object("Deployment", "web"), "deploy-web");

    store.remove(object("Deployment", "web"));

    assertThat(store.named(query("Deployment", "web"))).isEmpty();
    assertThat(store).isEmpty();
  }

  @Test
  void anObjectStoredUnderNewAttributesIsFoundUnderThem() {
    AttributeSet before = object("Deployment", "web");
    store.put(before, "v1");
    AttributeSet after = AttributeSet.merge(before, new AttributeSet(new Attribute("labels:app", "web")));

    store.remove(before);
    store.put(after, "v2");

    assertThat(store.named(query("Deployment", "web"))).extracting(Map.Entry::getValue).containsExactly("v2");
  }

  @Test
  void aQueryWithoutANameIsLeftToTheCallerToMatch() {
    store.put(object("Deployment", "web"), "deploy-web");

    assertThat(store.named(new AttributeSet(new Attribute("kind", "Deployment")))).isNull();
    assertThat(store.named(new AttributeSet(new Attribute("name", "web", AttributeType.EXISTS)))).isNull();
  }

  @Test
  void theEntriesHandedOutCannotChangeTheStore() {
    store.put(object("Deployment", "web"), "deploy-web");

    assertThatThrownBy(() -> store.entrySet().clear()).isInstanceOf(UnsupportedOperationException.class);
    assertThat(store.named(query("Deployment", "web"))).hasSize(1);
  }
}
