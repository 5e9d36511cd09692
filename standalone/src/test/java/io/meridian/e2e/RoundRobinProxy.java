package io.meridian.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * A TCP relay that hands each new connection to the next backend in turn, as a Kubernetes Service in front of
 * several webhook-gateway replicas does. TLS passes through untouched; {@link #connections(int)} says how many
 * connections each backend got.
 */
final class RoundRobinProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final List<Integer> backends;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicIntegerArray connections;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    RoundRobinProxy(List<Integer> backendPorts) {
        this.backends = List.copyOf(backendPorts);
        this.connections = new AtomicIntegerArray(backends.size());
        try {
            listener = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread acceptor = new Thread(this::acceptLoop, "round-robin-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return listener.getLocalPort();
    }

    int connections(int backend) {
        return connections.get(backend);
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                int backend = Math.floorMod(next.getAndIncrement(), backends.size());
                Socket server = new Socket();
                server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), backends.get(backend)), 2_000);
                connections.incrementAndGet(backend);
                open.add(client);
                open.add(server);
                pipe(client, server);
                pipe(server, client);
            } catch (IOException e) {
                if (closed) {
                    return;
                }
            }
        }
    }

    private void pipe(Socket from, Socket to) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int read;
                while ((read = in.read(buffer)) >= 0) {
                    out.write(buffer, 0, read);
                    out.flush();
                }
            } catch (IOException e) {
                // one side went away: close both
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "round-robin-pipe");
        thread.setDaemon(true);
        thread.start();
    }

    private void closeQuietly(Socket socket) {
        open.remove(socket);
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException e) {
            // closing anyway
        }
        open.forEach(this::closeQuietly);
    }
}
