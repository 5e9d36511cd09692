package io.meridian.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FreePortStartTest {
    private final List<ServerSocket> sockets = new ArrayList<>();
    private final List<Integer> retried = new ArrayList<>();

    @AfterEach
    void close() throws IOException {
        for (ServerSocket socket : sockets) {
            socket.close();
        }
    }

    @Test
    void aServerWhosePortWasTakenMeanwhileStartsOnAnotherFreePort() throws IOException {
        int taken = listen(0);
        int free = freePort();
        PrimitiveIterator.OfInt ports = IntStream.of(taken, free).iterator();

        int port = FreePortStart.start(ports::nextInt, this::listen, retried::add);

        assertThat(port).isEqualTo(free);
        assertThat(retried).containsExactly(taken);
    }

    @Test
    void aServerThatFailsForAnotherReasonIsNotStartedAgain() {
        assertThatThrownBy(() -> FreePortStart.start(() -> 1, port -> {
            throw new IllegalStateException("no database");
        }, retried::add)).hasMessage("no database");
        assertThat(retried).isEmpty();
    }

    @Test
    void aPortTakenEveryTimeFailsAfterTheLastAttempt() throws IOException {
        int taken = listen(0);

        assertThatThrownBy(() -> FreePortStart.start(() -> taken, this::listen, retried::add))
                .isInstanceOf(UncheckedIOException.class);
        assertThat(retried).hasSize(FreePortStart.ATTEMPTS - 1);
    }

    /** Listens on {@code port} (0: any) as a server would; answers the port. */
    private int listen(int port) {
        try {
            ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress());
            sockets.add(socket);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
