package io.meridian.sim;

import io.fabric8.mockwebserver.crud.Attribute;
import io.fabric8.mockwebserver.crud.AttributeSet;
import io.fabric8.mockwebserver.crud.AttributeType;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.Response;
import io.fabric8.mockwebserver.http.WebSocket;
import io.fabric8.mockwebserver.http.WebSocketListener;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.function.Consumer;

/**
 * The open watches of one simulated API server. The stock mock server gives every watch a thread of its own that
 * decodes each stored object, encodes it again as a watch event and waits for its write to complete: about 550
 * threads at 100 members, each woken twice per event. Here an event is written once as text and handed to the
 * watch's connection from the thread that made the change (the server's event loop, which does not wait).
 *
 * <p>As the stock server: a new watch first gets every object its query selects as {@code ADDED}; changes made
 * before its connection is open are held and sent after those, in order.
 *
 * <p>Watches are filed by the kind they select (the {@code plural} of their path), so a change is matched only
 * against the watches of its kind and those of every kind.
 *
 * <p>An observer in the same process gets the same events as text, without a connection ({@link #observe}).
 */
final class WatchStreams {
  private static final String KIND = "plural";
  private static final Set<Watch> NONE = Set.of();
  private final Map<Attribute, Set<Watch>> byKind = new ConcurrentHashMap<>();
  private final Set<Watch> ofEveryKind = new CopyOnWriteArraySet<>();

  /** A watch of {@code query}, given the objects stored now (read under the store's lock, as the change calls are). */
  MockResponse open(AttributeSet query, Collection<Map.Entry<AttributeSet, String>> stored) {
    Stream stream = new Stream(query);
    start(stream, stored);
    return new MockResponse().withWebSocketUpgrade(stream.connection);
  }

  /**
   * The events of {@code query} handed to {@code events} on the thread that makes each change, under the store's
   * lock (as for {@link #open}, {@code stored} is read under it too): it must be quick. Closing the handle stops them.
   */
  AutoCloseable observe(AttributeSet query, Collection<Map.Entry<AttributeSet, String>> stored, Consumer<String> events) {
    Watch observer = new Watch(query) {
      @Override
      void send(String event) {
        events.accept(event);
      }
    };
    start(observer, stored);
    return () -> watchesOf(observer.kind).remove(observer);
  }

  private void start(Watch watch, Collection<Map.Entry<AttributeSet, String>> stored) {
    stored.stream().filter(entry -> watch.selects(entry.getKey()))
        .forEach(entry -> watch.send(event("ADDED", entry.getValue())));
    watchesOf(watch.kind).add(watch);
  }

  private Set<Watch> watchesOf(Attribute kind) {
    return kind == null ? ofEveryKind : byKind.computeIfAbsent(kind, k -> new CopyOnWriteArraySet<>());
  }

  /**
   * An object stored under {@code oldKey} as {@code oldState} (both null when new) is now {@code newState} under
   * {@code newKey} (both null when removed). Called under the store's write lock, so events leave in the store's order.
   */
  void changed(AttributeSet oldKey, String oldState, AttributeSet newKey, String newState) {
    Events events = new Events(oldState, newState);
    Attribute oldKind = oldKey == null ? null : oldKey.getAttribute(KIND);
    Attribute newKind = newKey == null ? null : newKey.getAttribute(KIND);
    tell(ofEveryKind, oldKey, newKey, events);
    if (oldKind != null) {
      tell(byKind.getOrDefault(oldKind, NONE), oldKey, newKey, events);
    }
    if (newKind != null && !newKind.equals(oldKind)) {
      tell(byKind.getOrDefault(newKind, NONE), oldKey, newKey, events);
    }
  }

  private static void tell(Set<Watch> streams, AttributeSet oldKey, AttributeSet newKey, Events events) {
    for (Watch stream : streams) {
      boolean before = oldKey != null && stream.selects(oldKey);
      boolean after = newKey != null && stream.selects(newKey);
      if (before && after) {
        stream.send(events.modified());
      } else if (before) {
        stream.send(events.deleted());
      } else if (after) {
        stream.send(events.added());
      }
    }
  }

  private static String event(String type, String object) {
    return "{\"type\":\"" + type + "\",\"object\":" + object + "}";
  }

  /** The three events one change can make, each written once however many watches receive it. */
  private static final class Events {
    private final String oldState;
    private final String newState;
    private String modified;
    private String deleted;
    private String added;

    Events(String oldState, String newState) {
      this.oldState = oldState;
      this.newState = newState;
    }

    String modified() {
      return modified != null ? modified : (modified = event("MODIFIED", newState));
    }

    String deleted() {
      return deleted != null ? deleted : (deleted = event("DELETED", oldState));
    }

    String added() {
      return added != null ? added : (added = event("ADDED", newState));
    }
  }

  /** What a change is matched against: a query, and where its events go. */
  private abstract static class Watch {
    private final AttributeSet query;
    /** The kind the query selects, or null when it selects any. */
    final Attribute kind;

    Watch(AttributeSet query) {
      this.query = query;
      Attribute plural = query.getAttribute(KIND);
      this.kind = plural != null && plural.getType() == AttributeType.WITH ? plural : null;
    }

    boolean selects(AttributeSet key) {
      return key.matches(query);
    }

    abstract void send(String event);
  }

  /** A watch over a connection: events made before the connection opened are held and sent first, in order. */
  private final class Stream extends Watch {
    private final List<String> held = new ArrayList<>();
    private final WebSocketListener connection = new Connection();
    private WebSocket socket;

    Stream(AttributeSet query) {
      super(query);
    }

    @Override
    synchronized void send(String event) {
      if (socket == null) {
        held.add(event);
      } else {
        socket.send(event);
      }
    }

    private synchronized void opened(WebSocket webSocket) {
      held.forEach(webSocket::send);
      held.clear();
      socket = webSocket;
    }

    private final class Connection extends WebSocketListener {
      @Override
      public void onOpen(WebSocket webSocket, Response response) {
        opened(webSocket);
      }

      @Override
      public void onClosing(WebSocket webSocket, int code, String reason) {
        webSocket.close(code, reason);
      }

      @Override
      public void onClosed(WebSocket webSocket, int code, String reason) {
        webSocket.close(code, reason);
        watchesOf(kind).remove(Stream.this);
      }

      @Override
      public void onFailure(WebSocket webSocket, Throwable error, Response response) {
        webSocket.close(1000, error.getMessage());
        watchesOf(kind).remove(Stream.this);
      }
    }
  }
}
