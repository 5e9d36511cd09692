package io.meridian.gateway.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FreshReadsTest {
    private final ExecutorService executor = Executors.newFixedThreadPool(4);
    /** Each read takes one permit before it answers its number (1 for the first read, 2 for the second…). */
    private final Semaphore permits = new Semaphore(0);
    private final AtomicInteger started = new AtomicInteger();
    private final FreshReads<String, Integer> reads = new FreshReads<>(key -> {
        int n = started.incrementAndGet();
        permits.acquireUninterruptibly();
        return n;
    }, executor);

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    @Test
    void callersWhoComeDuringAReadShareOneReadStartedAfterIt() {
        CompletableFuture<Integer> first = reads.read("web");
        await().atMost(Duration.ofSeconds(5)).until(() -> started.get() == 1);
        CompletableFuture<Integer> second = reads.read("web");
        CompletableFuture<Integer> third = reads.read("web");

        permits.release();
        assertThat(first.join()).isEqualTo(1);
        permits.release();

        assertThat(second.join()).isEqualTo(2);
        assertThat(third).isSameAs(second);
        assertThat(started.get()).isEqualTo(2);
    }

    @Test
    void aCallerAfterTheReadsEndedStartsANewOne() {
        permits.release(2);
        assertThat(reads.read("web").join()).isEqualTo(1);
        await().atMost(Duration.ofSeconds(5)).until(() -> reads.inFlight() == 0);

        assertThat(reads.read("web").join()).isEqualTo(2);
    }

    @Test
    void readsOfOtherKeysDoNotWaitForEachOther() {
        CompletableFuture<Integer> web = reads.read("web");
        CompletableFuture<Integer> api = reads.read("api");

        await().atMost(Duration.ofSeconds(5)).until(() -> started.get() == 2);
        permits.release(2);
        assertThat(web.join() + api.join()).isEqualTo(3);
    }

    @Test
    void aFailedReadFailsItsCallersAndTheNextReadStartsAfresh() {
        FreshReads<String, Integer> failing = new FreshReads<>(key -> {
            throw new IllegalStateException("apiserver unreachable");
        }, executor);

        assertThat(failing.read("web")).failsWithin(Duration.ofSeconds(5));
        await().atMost(Duration.ofSeconds(5)).until(() -> failing.inFlight() == 0);
    }
}
