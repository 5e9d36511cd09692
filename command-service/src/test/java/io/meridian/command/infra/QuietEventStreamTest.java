package io.meridian.command.infra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class QuietEventStreamTest {
    private final ScheduledExecutorService other = Executors.newSingleThreadScheduledExecutor();
    private final StoreStream store = new StoreStream();
    private final ProcessorWakeups.Wakeup wakeup = new ProcessorWakeups.Wakeup();
    /** Added to the real clock: the stream's waits are real, its windows read from here. */
    private final AtomicLong skew = new AtomicLong();

    @AfterEach
    void stop() {
        other.shutdownNow();
    }

    @Test
    void eventsAlreadyFetchedAreAvailableWithoutWaiting() throws Exception {
        store.fetched = true;

        assertThat(quiet(0).hasNextAvailable(1, TimeUnit.SECONDS)).isTrue();
        assertThat(store.waits).isEmpty();
    }

    @Test
    void rightAfterOpeningItWaitsOnTheStoreAsAxonsStreamDoes() throws Exception {
        QuietEventStream stream = quiet(60_000);

        stream.hasNextAvailable(200, TimeUnit.MILLISECONDS);

        assertThat(store.waits).containsExactly(TimeUnit.MILLISECONDS.toNanos(200));
    }

    @Test
    void pastItsEagerWindowWithoutARelevantCommitItNeverWaitsOnTheStore() throws Exception {
        QuietEventStream stream = quiet(60_000);
        skew.addAndGet(TimeUnit.SECONDS.toNanos(61));

        boolean available = stream.hasNextAvailable(20, TimeUnit.MILLISECONDS);

        assertThat(available).isFalse();
        assertThat(store.waits).isEmpty();
        assertThat(store.looks).isEqualTo(2);
    }

    @Test
    void aQuietWaitEndsWithOneLookAtTheStoreSoEventsOfOtherInstancesAreSeen() throws Exception {
        QuietEventStream stream = quiet(0);
        store.fetchedAtLook = 2;

        assertThat(stream.hasNextAvailable(20, TimeUnit.MILLISECONDS)).isTrue();
        assertThat(store.waits).isEmpty();
    }

    @Test
    void aRelevantCommitWakesAQuietWaitWhichThenWaitsForTheStoreToFetchIt() throws Exception {
        QuietEventStream stream = quiet(0);
        store.fetchedWhenWaitedFor = true;
        other.schedule(wakeup::signal, 50, TimeUnit.MILLISECONDS);

        boolean available = stream.hasNextAvailable(1, TimeUnit.MINUTES);

        assertThat(available).isTrue();
        assertThat(store.waits).hasSize(1);
    }

    @Test
    void aRelevantCommitMakesItWaitOnTheStoreForItsEagerWindowAndNoLonger() throws Exception {
        QuietEventStream stream = quiet(60_000);
        skew.addAndGet(TimeUnit.SECONDS.toNanos(61));
        wakeup.signal();

        stream.hasNextAvailable(200, TimeUnit.MILLISECONDS);
        skew.addAndGet(TimeUnit.SECONDS.toNanos(59));
        stream.hasNextAvailable(200, TimeUnit.MILLISECONDS);
        skew.addAndGet(TimeUnit.SECONDS.toNanos(2));
        stream.hasNextAvailable(20, TimeUnit.MILLISECONDS);

        assertThat(store.waits).hasSize(2);
    }

    @Test
    void aSignalBeforeTheWaitIsNotLost() throws Exception {
        QuietEventStream stream = quiet(0);
        store.fetchedWhenWaitedFor = true;
        wakeup.signal();

        assertThat(stream.hasNextAvailable(1, TimeUnit.MINUTES)).isTrue();
    }

    private QuietEventStream quiet(long eagerWindowMillis) {
        return new QuietEventStream(store, wakeup, TimeUnit.MILLISECONDS.toNanos(eagerWindowMillis), () -> System.nanoTime() + skew.get());
    }

    /** The store's stream: records each wait (its timeout) and each look that does not wait. */
    private static final class StoreStream implements BlockingStream<TrackedEventMessage<?>> {
        final List<Long> waits = new ArrayList<>();
        int looks;
        int fetchedAtLook = Integer.MAX_VALUE;
        boolean fetched;
        boolean fetchedWhenWaitedFor;

        @Override
        public boolean hasNextAvailable(int timeout, TimeUnit unit) {
            if (timeout == 0) {
                looks++;
                return fetched || looks >= fetchedAtLook;
            }
            waits.add(unit.toNanos(timeout));
            return fetched || fetchedWhenWaitedFor;
        }

        @Override
        public Optional<TrackedEventMessage<?>> peek() {
            return Optional.empty();
        }

        @Override
        public TrackedEventMessage<?> nextAvailable() {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {
        }
    }
}
