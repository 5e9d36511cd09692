package io.meridian.command.infra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EventCacheUnlinkerTest {
    private final EmbeddedEventStore store = EmbeddedEventStore.builder()
            .storageEngine(new SnapshotReads()).cachedEvents(2).build();
    private final EventCacheUnlinker unlinker = new EventCacheUnlinker(store);
    private final List<BlockingStream<TrackedEventMessage<?>>> streams = new ArrayList<>();

    @AfterEach
    void close() {
        streams.forEach(BlockingStream::close);
        store.shutDown();
    }

    @Test
    void findsTheFieldsOfThePinnedAxon() {
        assertThat(EventCacheUnlinker.supported()).isTrue();
    }

    @Test
    void cutsTheLinkOfEveryEventDroppedFromTheCache() throws Exception {
        BlockingStream<TrackedEventMessage<?>> tail = open();
        publishAndRead(tail, 0, 3);
        Object first = firstCut();

        publishAndRead(tail, 3, 13);
        await().atMost(Duration.ofSeconds(5)).until(() -> index(field(store, "oldest")) >= index(first) + 10);
        int cut = unlinker.cutDropped();

        assertThat(field(first, "next")).isNull();
        assertThat(cut).isEqualTo(index(field(store, "oldest")) - index(first));
    }

    @Test
    void aStreamLeftBehindTheCacheStillReadsEveryEventInOrder() throws Exception {
        BlockingStream<TrackedEventMessage<?>> tail = open();
        BlockingStream<TrackedEventMessage<?>> behind = open();
        publishAndRead(tail, 0, 1);
        assertThat(behind.nextAvailable().getPayload()).isEqualTo("event-0");

        for (int i = 1; i < 20; i++) {
            publishAndRead(tail, i, i + 1);
            unlinker.cutDropped();
        }

        assertThat(unlinker.cut()).isPositive();
        assertThat(readAll(behind, 19)).containsExactlyElementsOf(payloads(1, 20));
    }

    @Test
    void publishingInsideNoUnitOfWorkCutsAtOnce() throws Exception {
        store.registerDispatchInterceptor(unlinker);
        BlockingStream<TrackedEventMessage<?>> tail = open();
        publishAndRead(tail, 0, 12);

        store.publish(GenericEventMessage.asEventMessage("event-12"));

        assertThat(unlinker.cut()).isPositive();
    }

    /**
     * Reads what is stored when asked, as the JDBC engine does. (The in-memory engine's stream goes on to events
     * appended after it was opened, so a stream read from it never joins the store's cache.)
     */
    private static final class SnapshotReads extends InMemoryEventStorageEngine {
        @Override
        public Stream<? extends TrackedEventMessage<?>> readEvents(TrackingToken token, boolean mayBlock) {
            return super.readEvents(token, mayBlock).toList().stream();
        }
    }

    /**
     * A first cut, which only marks where the next one starts, and the node it starts from. The store's thread may
     * still be dropping the events just read, so it cuts again until the cache's head stayed put across a cut.
     */
    private Object firstCut() throws ReflectiveOperationException {
        Object first;
        do {
            first = field(store, "oldest");
            unlinker.cutDropped();
        } while (field(store, "oldest") != first);
        return first;
    }

    /** Reads a private field of Axon's store or of one of its cached nodes, to see what the unlinker did. */
    private static Object field(Object owner, String name) throws ReflectiveOperationException {
        java.lang.reflect.Field field = owner.getClass().getDeclaredField(name);
        field.setAccessible(true);
        return field.get(owner);
    }

    private static long index(Object node) throws ReflectiveOperationException {
        return (long) field(node, "index");
    }

    private BlockingStream<TrackedEventMessage<?>> open() {
        BlockingStream<TrackedEventMessage<?>> stream = store.openStream(null);
        streams.add(stream);
        return stream;
    }

    /** Publishes events from..to-1 one by one, each read by the tailing stream before the next (the cache moves). */
    private void publishAndRead(BlockingStream<TrackedEventMessage<?>> tail, int from, int to) throws Exception {
        for (int i = from; i < to; i++) {
            store.publish(GenericEventMessage.asEventMessage("event-" + i));
            String expected = "event-" + i;
            await().atMost(Duration.ofSeconds(5)).until(() -> tail.hasNextAvailable(10, TimeUnit.MILLISECONDS));
            assertThat(tail.nextAvailable().getPayload()).isEqualTo(expected);
        }
    }

    private static List<Object> readAll(BlockingStream<TrackedEventMessage<?>> stream, int count) throws Exception {
        List<Object> read = new ArrayList<>();
        while (read.size() < count) {
            if (stream.hasNextAvailable(5, TimeUnit.SECONDS)) {
                read.add(stream.nextAvailable().getPayload());
            } else {
                break;
            }
        }
        return read;
    }

    private static List<Object> payloads(int from, int to) {
        List<Object> payloads = new ArrayList<>();
        for (int i = from; i < to; i++) {
            payloads.add("event-" + i);
        }
        return payloads;
    }
}
