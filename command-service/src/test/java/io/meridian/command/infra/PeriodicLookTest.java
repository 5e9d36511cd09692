package io.meridian.command.infra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class PeriodicLookTest {

    @Test
    void aLookThatThrowsIsFollowedByTheNextOne() {
        AtomicInteger looks = new AtomicInteger();
        try (PeriodicLook ignored = PeriodicLook.start("test-look", Duration.ofMillis(10), () -> {
            if (looks.incrementAndGet() == 1) {
                throw new IllegalStateException("the first look fails");
            }
        }, "test look failed")) {
            await().atMost(Duration.ofSeconds(10)).until(() -> looks.get() >= 3);
        }
    }

    @Test
    void looksOnADaemonThreadOfItsOwnName() {
        AtomicReference<Thread> looker = new AtomicReference<>();
        try (PeriodicLook ignored = PeriodicLook.start("test-look", Duration.ofMillis(10),
                () -> looker.set(Thread.currentThread()), "test look failed")) {
            await().atMost(Duration.ofSeconds(10)).until(() -> looker.get() != null);
        }

        assertThat(looker.get().getName()).isEqualTo("test-look");
        assertThat(looker.get().isDaemon()).isTrue();
    }

    @Test
    void noLookAfterItIsClosed() throws InterruptedException {
        AtomicInteger looks = new AtomicInteger();
        PeriodicLook periodic = PeriodicLook.start("test-look", Duration.ofMillis(10), looks::incrementAndGet, "failed");
        await().atMost(Duration.ofSeconds(10)).until(() -> looks.get() >= 1);

        periodic.close();
        Thread.sleep(50);
        int afterClose = looks.get();
        Thread.sleep(100);

        assertThat(looks.get()).isEqualTo(afterClose);
    }
}
