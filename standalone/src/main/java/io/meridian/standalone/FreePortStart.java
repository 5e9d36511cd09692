package io.meridian.standalone;

import java.util.function.IntConsumer;
import java.util.function.IntSupplier;

/**
 * Starts a server on a port that was free a moment before. Another socket of the process can take that port meanwhile
 * (an outgoing connection's local port comes from the same range); the server then fails to bind, and is started
 * again on another free port, at most {@value #ATTEMPTS} times in all.
 */
final class FreePortStart {
    static final int ATTEMPTS = 3;

    private FreePortStart() {
    }

    /**
     * @param freePort a port free now
     * @param start    starts the server on the port it is given; throws when it cannot listen there
     * @param retrying told the port that was taken, before another is tried
     * @return the port the server listens on
     */
    static int start(IntSupplier freePort, IntConsumer start, IntConsumer retrying) {
        for (int attempt = 1; ; attempt++) {
            int port = freePort.getAsInt();
            try {
                start.accept(port);
                return port;
            } catch (RuntimeException e) {
                if (attempt >= ATTEMPTS || !portTaken(e)) {
                    throw e;
                }
                retrying.accept(port);
            }
        }
    }

    /** A bind that failed, as the JDK reports it or as Spring Boot's web server wraps it. */
    static boolean portTaken(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof java.net.BindException || cause.getClass().getSimpleName().equals("PortInUseException")) {
                return true;
            }
        }
        return false;
    }
}
