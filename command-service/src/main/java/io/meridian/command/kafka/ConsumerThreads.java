package io.meridian.command.kafka;

import org.apache.kafka.clients.consumer.KafkaConsumer;

/** Stopping a consumer loop that runs on its own thread: wake the consumer up, then wait for the thread. */
public final class ConsumerThreads {
    private ConsumerThreads() {
    }

    public static void stop(KafkaConsumer<?, ?> consumer, Thread worker) {
        if (consumer != null) {
            consumer.wakeup();
        }
        if (worker != null) {
            try {
                worker.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
