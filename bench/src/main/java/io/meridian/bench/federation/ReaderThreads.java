package io.meridian.bench.federation;

import org.apache.kafka.clients.consumer.Consumer;

/** Stopping a driver's topic reader: its consumer woken out of poll, its thread given five seconds to end. */
final class ReaderThreads {
    private ReaderThreads() {
    }

    static void stop(Consumer<?, ?> consumer, Thread reader) {
        consumer.wakeup();
        try {
            reader.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
