package io.meridian.command.outbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** When a publisher's records must be acknowledged: once per processor batch, before it commits. */
class AcksAtCommitTest {
    private final HeldProducer kafka = new HeldProducer();
    private final AcksAtCommit acks = new AcksAtCommit(kafka, "test");

    @AfterEach
    void releaseWhatStillWaits() {
        while (kafka.errorNext(new IllegalStateException("test over"))) {
            // a sender still waiting (a failed test) is released
        }
        while (CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().rollback();
        }
    }

    @Test
    void insideABatchSendingReturnsBeforeKafkaAcknowledges() throws Exception {
        CompletableFuture<Integer> sent = CompletableFuture.supplyAsync(() -> {
            UnitOfWork<?> batch = DefaultUnitOfWork.startAndGet(null);
            try {
                acks.send(records("a", "b"));
                acks.send(records("c"));
                return kafka.history().size();
            } finally {
                batch.rollback();
            }
        });

        assertThat(sent.get(10, TimeUnit.SECONDS)).isEqualTo(3);
    }

    @Test
    void aBatchCommitsOnlyOnceKafkaAcknowledgedEveryRecordOfEveryEvent() throws Exception {
        CompletableFuture<UnitOfWork<?>> committed = CompletableFuture.supplyAsync(() -> {
            UnitOfWork<?> batch = DefaultUnitOfWork.startAndGet(null);
            acks.send(records("a", "b"));
            acks.send(records("c"));
            batch.commit();
            return batch;
        });
        await().atMost(Duration.ofSeconds(10)).until(() -> kafka.history().size() == 3);

        kafka.completeNext();
        kafka.completeNext();
        assertThat(waitBriefly(committed)).as("committed with one record unacknowledged").isFalse();
        kafka.completeNext();

        assertThat(committed.get(10, TimeUnit.SECONDS).isRolledBack()).isFalse();
    }

    @Test
    void aBatchFlushesTheProducerOnceWhenItPreparesItsCommitNotAsItSends() throws Exception {
        CompletableFuture<UnitOfWork<?>> committed = CompletableFuture.supplyAsync(() -> {
            UnitOfWork<?> batch = DefaultUnitOfWork.startAndGet(null);
            acks.send(records("a", "b"));
            acks.send(records("c"));
            assertThat(kafka.flushes).as("flushed while the batch was sending").isZero();
            batch.commit();
            return batch;
        });
        await().atMost(Duration.ofSeconds(10)).until(() -> kafka.flushes == 1);

        kafka.completeNext();
        kafka.completeNext();
        kafka.completeNext();

        assertThat(committed.get(10, TimeUnit.SECONDS).isRolledBack()).isFalse();
        assertThat(kafka.flushes).isEqualTo(1);
    }

    @Test
    void aRecordKafkaRefusedRollsTheBatchBack() throws Exception {
        CompletableFuture<UnitOfWork<?>> sent = CompletableFuture.supplyAsync(() -> {
            UnitOfWork<?> batch = DefaultUnitOfWork.startAndGet(null);
            acks.send(records("a", "b"));
            CurrentUnitOfWork.clear(batch); // committed by the test thread
            return batch;
        });
        UnitOfWork<?> batch = sent.get(10, TimeUnit.SECONDS);
        kafka.completeNext();
        kafka.errorNext(new IllegalStateException("not enough replicas"));

        CurrentUnitOfWork.set(batch);
        assertThatThrownBy(batch::commit).hasMessageContaining("cannot publish to Kafka");
        assertThat(batch.isRolledBack()).isTrue();
    }

    @Test
    void outsideABatchSendingWaitsForKafka() throws Exception {
        CompletableFuture<Void> send = CompletableFuture.runAsync(() -> acks.send(records("a")));
        await().atMost(Duration.ofSeconds(10)).until(() -> kafka.history().size() == 1);

        assertThat(waitBriefly(send)).as("returned before the acknowledgement").isFalse();
        kafka.completeNext();

        send.get(10, TimeUnit.SECONDS);
    }

    private static boolean waitBriefly(CompletableFuture<?> future) {
        try {
            future.get(300, TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Kafka's mock producer acknowledges everything it holds when flushed; a real one sends it and waits. This one
     * counts the flushes and leaves the acknowledgements to the test.
     */
    private static final class HeldProducer extends MockProducer<String, String> {
        volatile int flushes;

        HeldProducer() {
            super(false, null, new StringSerializer(), new StringSerializer());
        }

        @Override
        public synchronized void flush() {
            flushes++;
        }
    }

    private static List<ProducerRecord<String, String>> records(String... values) {
        return Arrays.stream(values).map(v -> new ProducerRecord<>("meridian.domain-events", "key", v)).toList();
    }
}
