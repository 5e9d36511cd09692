package io.meridian.command.federation;

import static io.meridian.command.federation.FederationFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.meridian.command.federation.api.SyncBinding;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.axonframework.modelling.command.ConcurrencyException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BindingSyncQueueTest {
    static final Clock CLOCK = Clock.fixed(T0, ZoneOffset.UTC);
    final List<Object> sent = new CopyOnWriteArrayList<>();
    final CountDownLatch release = new CountDownLatch(1);
    BindingSyncQueue queue;

    /** A command the sender holds until {@link #release} opens, so what is asked meanwhile waits behind it. */
    record Blocker(String bindingId) {
    }

    /** A numbered command, to see the order in which one binding's commands are handled. */
    record Numbered(String bindingId, int n) {
    }

    private void send(Object command) {
        if (command instanceof Blocker) {
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        sent.add(command);
    }

    @AfterEach
    void tearDown() {
        queue.close();
    }

    private static String binding(int n) {
        return "binding:default/Deployment/app-" + n;
    }

    @Test
    void theCommandsOfOneBindingAreHandledInTheOrderAskedWithSeveralWorkers() throws InterruptedException {
        queue = new BindingSyncQueue(this::send, CLOCK, 4);
        for (int n = 0; n < 200; n++) {
            for (int b = 0; b < 8; b++) {
                queue.dispatch(binding(b), new Numbered(binding(b), n));
            }
        }
        release.countDown();
        assertThat(queue.awaitIdle(10, TimeUnit.SECONDS)).isTrue();
        for (int b = 0; b < 8; b++) {
            String id = binding(b);
            List<Integer> order = sent.stream().filter(c -> c instanceof Numbered num && num.bindingId().equals(id))
                    .map(c -> ((Numbered) c).n()).toList();
            assertThat(order).as(id).isSorted().hasSize(200);
        }
    }

    @Test
    void aSyncOfTheBindingsAPredicateAcceptsLeavesTheOthers() throws InterruptedException {
        queue = new BindingSyncQueue(this::send, CLOCK, 2);
        for (int b = 0; b < 4; b++) {
            queue.dispatch(binding(b), new Numbered(binding(b), 0));
        }
        queue.requestWhere("member2 Unreachable", id -> id.equals(binding(1)) || id.equals(binding(3)));
        release.countDown();
        assertThat(queue.awaitIdle(10, TimeUnit.SECONDS)).isTrue();
        assertThat(sent).filteredOn(SyncBinding.class::isInstance).containsExactlyInAnyOrder(
                new SyncBinding(binding(1), "member2 Unreachable", T0), new SyncBinding(binding(3), "member2 Unreachable", T0));
    }

    @Test
    void syncsAskedWhileOneWaitsAreFoldedIntoIt() throws InterruptedException {
        queue = new BindingSyncQueue(this::send, CLOCK, 2);
        queue.dispatch(binding(1), new Blocker(binding(1)));
        queue.request(binding(1), "first");
        queue.request(binding(1), "second");
        queue.request(binding(1), "third");
        release.countDown();
        assertThat(queue.awaitIdle(10, TimeUnit.SECONDS)).isTrue();
        assertThat(sent).containsExactly(new Blocker(binding(1)), new SyncBinding(binding(1), "first", T0));
    }

    @Test
    void aSyncAskedWhileTheBindingIsBeingSyncedRunsAgainAfterIt() throws InterruptedException {
        List<String> triggers = new CopyOnWriteArrayList<>();
        CountDownLatch inFirst = new CountDownLatch(1);
        queue = new BindingSyncQueue(command -> {
            SyncBinding sync = (SyncBinding) command;
            triggers.add(sync.trigger());
            if (sync.trigger().equals("first")) {
                inFirst.countDown();
                hold(release);
            }
        }, CLOCK, 2);
        queue.request(binding(1), "first");
        assertThat(inFirst.await(10, TimeUnit.SECONDS)).isTrue();
        queue.request(binding(1), "while syncing");
        release.countDown();
        assertThat(queue.awaitIdle(10, TimeUnit.SECONDS)).isTrue();
        assertThat(triggers).containsExactly("first", "while syncing");
    }

    @Test
    void aBindingHeldUpOnItsWorkerDoesNotHoldUpBindingsOfOtherWorkers() {
        queue = new BindingSyncQueue(this::send, CLOCK, 4);
        String held = binding(0);
        String other = otherWorkerThan(held);
        queue.dispatch(held, new Blocker(held));
        queue.request(other, "free");
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> sent.contains(new SyncBinding(other, "free", T0)));
            assertThat(sent).doesNotContain(new Blocker(held));
        } finally {
            release.countDown();
        }
    }

    @Test
    void requestAllSyncsEveryKnownBindingOnceSpreadOverTheWorkers() throws InterruptedException {
        List<String> threads = new CopyOnWriteArrayList<>();
        queue = new BindingSyncQueue(command -> {
            threads.add(Thread.currentThread().getName());
            sent.add(command);
        }, CLOCK, 4);
        List<String> ids = new ArrayList<>();
        for (int b = 0; b < 40; b++) {
            ids.add(binding(b));
            queue.dispatch(binding(b), new Numbered(binding(b), 0));
        }
        assertThat(queue.awaitIdle(10, TimeUnit.SECONDS)).isTrue();
        sent.clear();
        threads.clear();
        queue.requestAll("cluster member1 Unreachable");
        assertThat(queue.awaitIdle(10, TimeUnit.SECONDS)).isTrue();
        assertThat(sent).extracting(c -> ((SyncBinding) c).bindingId()).containsExactlyInAnyOrderElementsOf(ids);
        assertThat(threads.stream().distinct().count()).isGreaterThan(1);
    }

    @Test
    void aSyncThatLostAnAppendRaceIsSentOnceMore() throws InterruptedException {
        List<Object> attempts = new CopyOnWriteArrayList<>();
        queue = new BindingSyncQueue(command -> {
            attempts.add(command);
            if (attempts.size() == 1) {
                throw new ConcurrencyException("sequence taken by another instance");
            }
        }, CLOCK, 2);
        queue.request(binding(1), "changed");
        assertThat(queue.awaitIdle(10, TimeUnit.SECONDS)).isTrue();
        assertThat(attempts).hasSize(2).allMatch(new SyncBinding(binding(1), "changed", T0)::equals);
    }

    @Test
    void aSyncThatFailsOtherwiseIsNotRepeated() throws InterruptedException {
        List<Object> attempts = new CopyOnWriteArrayList<>();
        queue = new BindingSyncQueue(command -> {
            attempts.add(command);
            throw new IllegalStateException("no template");
        }, CLOCK, 2);
        queue.request(binding(1), "changed");
        assertThat(queue.awaitIdle(10, TimeUnit.SECONDS)).isTrue();
        assertThat(attempts).hasSize(1);
    }

    private String otherWorkerThan(String id) {
        for (int b = 1; ; b++) {
            if (queue.workerIndex(binding(b)) != queue.workerIndex(id)) {
                return binding(b);
            }
        }
    }

    private static void hold(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aBindingAskedForAlongsideEveryKnownOneIsSyncedOnce() throws InterruptedException {
        queue = new BindingSyncQueue(this::send, CLOCK, 2);
        queue.request(binding(1), "seen");
        assertThat(queue.awaitIdle(5, TimeUnit.SECONDS)).isTrue();
        sent.clear();

        queue.requestAll("policy changed", java.util.stream.Stream.of(binding(1), binding(2)));
        assertThat(queue.awaitIdle(5, TimeUnit.SECONDS)).isTrue();

        assertThat(sent).extracting(c -> ((SyncBinding) c).bindingId()).containsExactlyInAnyOrder(binding(1), binding(2));
    }

    /** A sender that records what it was given together, and fails a batch holding {@link #failing}. */
    final class Batches implements BindingSyncQueue.Sender {
        final List<List<String>> together = new CopyOnWriteArrayList<>();
        final List<String> alone = new CopyOnWriteArrayList<>();
        volatile String failing;

        @Override
        public void sendAndWait(Object command) {
            send(command);
            if (command instanceof SyncBinding sync) {
                alone.add(sync.bindingId());
            }
        }

        @Override
        public void sendTogether(List<SyncBinding> syncs) {
            List<String> ids = syncs.stream().map(SyncBinding::bindingId).toList();
            if (ids.contains(failing)) {
                throw new IllegalStateException("one of them failed");
            }
            together.add(ids);
        }
    }

    @Test
    void syncsWaitingOnAWorkerAreSentTogetherUpToTheBatchSize() throws InterruptedException {
        Batches batches = new Batches();
        queue = new BindingSyncQueue(batches, CLOCK, 1, 3);
        queue.dispatch(binding(0), new Blocker(binding(0)));
        for (int b = 1; b <= 7; b++) {
            queue.request(binding(b), "member1 Unreachable");
        }
        release.countDown();
        assertThat(queue.awaitIdle(10, TimeUnit.SECONDS)).isTrue();
        assertThat(batches.together).containsExactly(List.of(binding(1), binding(2), binding(3)),
                List.of(binding(4), binding(5), binding(6)));
        assertThat(batches.alone).containsExactly(binding(7));
        assertThat(queue.handled()).isEqualTo(8);
    }

    @Test
    void aCommandAskedBetweenSyncsIsSentInItsPlaceBetweenTheirBatches() throws InterruptedException {
        List<String> order = new CopyOnWriteArrayList<>();
        queue = new BindingSyncQueue(new BindingSyncQueue.Sender() {
            @Override
            public void sendAndWait(Object command) {
                send(command);
                order.add(command instanceof SyncBinding sync ? sync.bindingId() : command.toString());
            }

            @Override
            public void sendTogether(List<SyncBinding> syncs) {
                order.add(syncs.stream().map(SyncBinding::bindingId).toList().toString());
            }
        }, CLOCK, 1, 10);
        queue.dispatch(binding(0), new Blocker(binding(0)));
        queue.request(binding(1), "changed");
        queue.request(binding(2), "changed");
        queue.dispatch(binding(1), new Numbered(binding(1), 1));
        queue.request(binding(3), "changed");
        queue.request(binding(4), "changed");
        release.countDown();
        assertThat(queue.awaitIdle(10, TimeUnit.SECONDS)).isTrue();
        assertThat(order).containsExactly(new Blocker(binding(0)).toString(), List.of(binding(1), binding(2)).toString(),
                new Numbered(binding(1), 1).toString(), List.of(binding(3), binding(4)).toString());
    }

    @Test
    void whenSyncsSentTogetherFailEachIsSentAgainOnItsOwn() throws InterruptedException {
        Batches batches = new Batches();
        batches.failing = binding(2);
        queue = new BindingSyncQueue(batches, CLOCK, 1, 10);
        queue.dispatch(binding(0), new Blocker(binding(0)));
        for (int b = 1; b <= 3; b++) {
            queue.request(binding(b), "changed");
        }
        release.countDown();
        assertThat(queue.awaitIdle(10, TimeUnit.SECONDS)).isTrue();
        assertThat(batches.together).isEmpty();
        assertThat(batches.alone).containsExactly(binding(1), binding(2), binding(3));
    }
}
