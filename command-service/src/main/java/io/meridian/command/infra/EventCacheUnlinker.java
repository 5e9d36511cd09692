package io.meridian.command.infra;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiFunction;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.messaging.MessageDispatchInterceptor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cuts the link from each event Axon's embedded store has dropped from its cache to the next one.
 *
 * <p>The store keeps its last events as a linked list and drops the oldest by moving its head, leaving the dropped
 * node still pointing at the next. Once a dropped node has been promoted to the old generation (it stayed cached
 * across enough young collections, or survivor space overflowed), every node after it stays reachable from it until a
 * concurrent cycle finds it dead: the whole stream of stored events, ~22 KB each under admission load, is then copied
 * at every young pause and promoted (docs/benchmarks.md, Issue 3, session 48). A consumer still on a dropped node
 * reads on from the store itself (Axon checks this before following the link), so a cut link changes no stream.
 *
 * <p>It reaches into private fields of Axon 4's {@link EmbeddedEventStore} (the cache's head, a node's link and
 * index); where they are not found it says so at start and does nothing. The cut runs after each commit that
 * published events, so the links dropped since the commit before are cut.
 */
public final class EventCacheUnlinker implements MessageDispatchInterceptor<EventMessage<?>> {
    private static final Logger log = LoggerFactory.getLogger(EventCacheUnlinker.class);
    private static final Fields FIELDS = Fields.find();

    private final EmbeddedEventStore store;
    private final String pendingKey = "meridian.event-cache-unlinker@" + System.identityHashCode(this);
    private final AtomicBoolean running = new AtomicBoolean();
    /** The oldest cached node at the last cut: where the next cut starts. */
    private Object from;
    private volatile long cut;

    public EventCacheUnlinker(EmbeddedEventStore store) {
        this.store = store;
        if (FIELDS == null) {
            log.warn("Axon's event cache has not the fields expected; its dropped events are left linked");
        }
    }

    /** True when this Axon's event cache can be cut. */
    public static boolean supported() {
        return FIELDS != null;
    }

    @Override
    public BiFunction<Integer, EventMessage<?>, EventMessage<?>> handle(List<? extends EventMessage<?>> messages) {
        if (RootCommits.pending(pendingKey, () -> Boolean.TRUE, ignored -> cutDropped()) == null) {
            cutDropped();
        }
        return (index, message) -> message;
    }

    /**
     * Cuts the links of every node dropped since the last call; one caller at a time, the others skip (the next
     * call takes what they would have). Answers how many links were cut.
     */
    public int cutDropped() {
        if (FIELDS == null || !running.compareAndSet(false, true)) {
            return 0;
        }
        try {
            Object oldest = FIELDS.oldest(store);
            if (oldest == null) {
                return 0;
            }
            int count = 0;
            long oldestIndex = FIELDS.index(oldest);
            Object node = from;
            while (node != null && node != oldest && FIELDS.index(node) < oldestIndex) {
                Object next = FIELDS.next(node);
                FIELDS.unlink(node);
                node = next;
                count++;
            }
            from = oldest;
            cut += count;
            return count;
        } finally {
            running.set(false);
        }
    }

    /** How many links were cut in all. */
    public long cut() {
        return cut;
    }

    private record Fields(VarHandle oldest, VarHandle next, VarHandle index) {
        static Fields find() {
            try {
                Class<?> node = Class.forName(EmbeddedEventStore.class.getName() + "$Node");
                MethodHandles.Lookup store = MethodHandles.privateLookupIn(EmbeddedEventStore.class, MethodHandles.lookup());
                MethodHandles.Lookup nodes = MethodHandles.privateLookupIn(node, MethodHandles.lookup());
                return new Fields(store.findVarHandle(EmbeddedEventStore.class, "oldest", node),
                        nodes.findVarHandle(node, "next", node), nodes.findVarHandle(node, "index", long.class));
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null;
            }
        }

        Object oldest(EmbeddedEventStore store) {
            return oldest.getVolatile(store);
        }

        Object next(Object node) {
            return next.getVolatile(node);
        }

        long index(Object node) {
            return (long) index.get(node);
        }

        void unlink(Object node) {
            next.setVolatile(node, null);
        }
    }
}
