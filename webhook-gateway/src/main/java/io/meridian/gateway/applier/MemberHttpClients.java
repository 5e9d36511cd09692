package io.meridian.gateway.applier;

import io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.ext.web.client.WebClientOptions;
import java.time.Duration;

/**
 * The HTTP side of the member clusters' clients: one Vert.x event-loop group for all of them, and pooled connections
 * kept for a while when idle.
 *
 * <p>Why: fabric8's own factory gives every client its own Vert.x (up to four event loops and a checker thread each),
 * which for a gateway writing to a hundred members is hundreds of threads. A failover writes to every surviving
 * member at once, each of its lanes on a connection of its own: a connection still open from earlier writes spares a
 * TLS handshake, whose key exchange is the costly part of a short write. client-go keeps idle connections 90 s.
 */
final class MemberHttpClients extends VertxHttpClientFactory implements AutoCloseable {
    static final Duration DEFAULT_KEEP_ALIVE = Duration.ofSeconds(90);

    private final Vertx vertx;
    private final int keepAliveSeconds;

    MemberHttpClients(Duration keepAlive) {
        this(Vertx.vertx(new VertxOptions().setUseDaemonThread(true)), seconds(keepAlive));
    }

    private MemberHttpClients(Vertx vertx, int keepAliveSeconds) {
        super(vertx);
        this.vertx = vertx;
        this.keepAliveSeconds = keepAliveSeconds;
    }

    /** Checked before the event loops exist, so a refused value leaves no threads behind. */
    private static int seconds(Duration keepAlive) {
        if (keepAlive.toSeconds() < 1) {
            throw new IllegalArgumentException("keep-alive (meridian.applier.keep-alive) must be at least 1 s, got "
                    + keepAlive);
        }
        return (int) Math.min(Integer.MAX_VALUE, keepAlive.toSeconds());
    }

    @Override
    protected void additionalConfig(WebClientOptions options) {
        options.setKeepAliveTimeout(keepAliveSeconds);
    }

    @Override
    public void close() {
        vertx.close();
    }
}
