package io.meridian.sim;

import io.fabric8.mockwebserver.MockWebServer;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * The endpoint everyone outside the simulation reaches a simulated API server by: a second listener of the server, on
 * a loopback port of its own, serving the same handlers as the port the simulation's own controllers use.
 * {@link #cut()} stops it listening (its connections are dropped, new ones refused) until {@link #restore()} listens
 * again on the same port; the controllers keep working throughout.
 *
 * <p>Why not a TCP relay in front of the server: a relay copies every byte through two more sockets and event loops of
 * its own, 4 % of a rebalance's profile, for a cut the server can make itself (docs/benchmarks.md, Issue 4,
 * session 50). fabric8's {@link MockWebServer} makes its HTTP server from the Vert.x it holds and offers no hook, so
 * that Vert.x is replaced by a view whose {@code createHttpServer} hands out a twin: every setting made on it (its
 * handlers) is made on both listeners, and closing it closes both.
 */
final class OutsideEndpoint {
  private static final long WAIT_SECONDS = 10;

  private final Vertx vertx;
  /** The settings made on the server (its fluent calls), replayed on each outside listener. */
  private final List<Setting> settings = new CopyOnWriteArrayList<>();
  private volatile HttpServerOptions options;
  private volatile HttpServer listener;
  private volatile int port;
  /** Changed only by {@link #cut()} and {@link #restore()}, which hold the lock (the listeners' callbacks do not). */
  private volatile boolean cut;

  private record Setting(Method method, Object[] args) {
  }

  private OutsideEndpoint(Vertx vertx) {
    this.vertx = vertx;
  }

  /** Puts the view in place of {@code server}'s Vert.x, before the server starts. */
  static OutsideEndpoint attach(MockWebServer server) {
    OutsideEndpoint endpoint = new OutsideEndpoint(SharedServerLoops.vertxOf(server));
    SharedServerLoops.replaceVertx(server, endpoint.view());
    return endpoint;
  }

  /** The outside port, once the server listens. */
  int port() {
    if (port == 0) {
      throw new IllegalStateException("the API server has not started to listen yet");
    }
    return port;
  }

  boolean isCut() {
    return cut;
  }

  /** Stops listening on the outside port and drops every connection made to it. */
  synchronized void cut() {
    if (cut) {
      return;
    }
    cut = true;
    await(closeOutside(), "stop listening on :" + port);
    awaitReleased(port);
  }

  /** Listens again on the same outside port. */
  synchronized void restore() {
    if (!cut) {
      return;
    }
    await(open(port), "listen again on :" + port);
    cut = false;
  }

  private Vertx view() {
    return (Vertx) Proxy.newProxyInstance(Vertx.class.getClassLoader(), new Class<?>[] {Vertx.class},
        (proxy, method, args) -> {
          if (method.getName().equals("createHttpServer") && method.getParameterCount() == 1
              && args[0] instanceof HttpServerOptions serverOptions) {
            options = new HttpServerOptions(serverOptions);
            return twin(vertx.createHttpServer(serverOptions));
          }
          return SharedServerLoops.forward(vertx, method, args);
        });
  }

  private HttpServer twin(HttpServer inside) {
    return (HttpServer) Proxy.newProxyInstance(HttpServer.class.getClassLoader(), new Class<?>[] {HttpServer.class},
        (proxy, method, args) -> {
          boolean noArguments = method.getParameterCount() == 0;
          if (method.getName().equals("listen") && noArguments) {
            return inside.listen().compose(listening -> open(0)).map(proxy);
          }
          if (method.getName().equals("close") && noArguments) {
            return closeOutside().compose(closed -> inside.close());
          }
          if (method.getName().startsWith("listen")) {
            throw new UnsupportedOperationException("the simulated API server listens with listen() only, not "
                + method);
          }
          Object result = SharedServerLoops.forward(inside, method, args);
          if (method.getReturnType() == HttpServer.class) {
            settings.add(new Setting(method, args));
            return proxy;
          }
          return result;
        });
  }

  /** A listener on {@code wanted} (0: any free port) with the server's options and settings. */
  private Future<Void> open(int wanted) {
    HttpServer outside = vertx.createHttpServer(new HttpServerOptions(options).setPort(wanted));
    for (Setting setting : settings) {
      invokeUnchecked(outside, setting);
    }
    return outside.listen().map(listening -> {
      listener = outside;
      port = outside.actualPort();
      return null;
    });
  }

  private Future<Void> closeOutside() {
    HttpServer open = listener;
    listener = null;
    return open == null ? Future.succeededFuture() : open.close();
  }

  /**
   * Waits until nothing listens on {@code port} any more. Vert.x reports the listener closed once its channel is,
   * but a selectable channel's socket is only released when its selector next deregisters it: until then the
   * kernel still completes connections to the port, which an unreachable server must refuse.
   */
  private static void awaitReleased(int port) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
    while (!canBind(port)) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the API server's outside endpoint still listens on :" + port + " "
            + WAIT_SECONDS + " s after it was closed");
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
  }

  private static boolean canBind(int port) {
    try (ServerSocket probe = new ServerSocket()) {
      probe.setReuseAddress(true);
      probe.bind(new InetSocketAddress(port));
      return true;
    } catch (IOException listening) {
      return false;
    }
  }

  private static void invokeUnchecked(HttpServer server, Setting setting) {
    try {
      setting.method().invoke(server, setting.args());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("cannot set up the outside listener: " + e.getCause().getMessage(), e.getCause());
    }
  }

  private static void await(Future<?> future, String what) {
    try {
      future.toCompletionStage().toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the API server's outside endpoint would " + what, e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("the API server's outside endpoint cannot " + what + ": " + e.getMessage(), e);
    }
  }
}
