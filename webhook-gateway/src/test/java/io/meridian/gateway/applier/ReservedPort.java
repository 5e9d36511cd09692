package io.meridian.gateway.applier;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * A loopback port that refuses connections until a server takes it. A port found free and closed again may be
 * taken by any later socket (another server's port 0, or a connection to it choosing it as its own source port and
 * talking to itself); this one stays bound, without listening, so nothing else gets it and a connection is
 * refused as by a cluster that is down.
 */
final class ReservedPort implements AutoCloseable {
    private final Socket holder = new Socket();
    private final int port;

    ReservedPort() {
        try {
            holder.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        port = holder.getLocalPort();
    }

    int port() {
        return port;
    }

    /** Frees the port for the server about to bind it. */
    @Override
    public void close() {
        try {
            holder.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
