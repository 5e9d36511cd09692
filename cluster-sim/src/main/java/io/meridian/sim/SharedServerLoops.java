package io.meridian.sim;

import io.fabric8.mockwebserver.MockWebServer;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * One event-loop group for the API servers of simulated members without pods, instead of a Vert.x
 * instance (an event-loop thread, an acceptor thread and a blocked-thread checker) per server.
 *
 * <p>Why: a hundred members meant a hundred event-loop threads waking for every request and watch
 * frame, on two cores. Only members without pods share: their servers never call an admission webhook,
 * which the server waits for on its event loop and which would stall every server on that loop.
 * fabric8's {@link MockWebServer} makes its own Vert.x and offers no way to pass one, so its field is
 * replaced; the shared instance is handed over behind a view whose {@code close()} does nothing, since the
 * server closes its Vert.x when it shuts down.
 */
final class SharedServerLoops {
  private static final int EVENT_LOOPS = 4;

  private SharedServerLoops() {
  }

  /** A mock web server whose connections are served by the shared event loops. */
  static MockWebServer server() {
    MockWebServer server = new MockWebServer();
    Vertx own = replaceVertx(server, unclosable(Holder.VERTX));
    own.close();
    return server;
  }

  /** Puts {@code replacement} in place of the Vert.x {@code server} holds; answers the one it held. */
  static Vertx replaceVertx(MockWebServer server, Vertx replacement) {
    try {
      Field field = vertxField();
      Vertx own = (Vertx) field.get(server);
      field.set(server, replacement);
      return own;
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot reach the fabric8 mock web server's Vert.x", e);
    }
  }

  /** The Vert.x {@code server} holds. */
  static Vertx vertxOf(MockWebServer server) {
    try {
      return (Vertx) vertxField().get(server);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot reach the fabric8 mock web server's Vert.x", e);
    }
  }

  private static Field vertxField() {
    try {
      Field field = MockWebServer.class.getDeclaredField("vertx");
      field.setAccessible(true);
      return field;
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException("this fabric8 mock web server does not keep its Vert.x in a field 'vertx'", e);
    }
  }

  private static Vertx unclosable(Vertx shared) {
    return (Vertx) Proxy.newProxyInstance(Vertx.class.getClassLoader(), new Class<?>[] {Vertx.class},
        (proxy, method, args) -> {
          if (method.getName().equals("close") && method.getParameterCount() == 0) {
            return Future.succeededFuture();
          }
          return forward(shared, method, args);
        });
  }

  /** Calls {@code method} on {@code target} for a view of it, throwing what the method threw. */
  static Object forward(Object target, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** Created on first use; daemon threads, never closed (it lives as long as the process). */
  private static final class Holder {
    static final Vertx VERTX = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(EVENT_LOOPS).setUseDaemonThread(true));
  }
}
