package io.meridian.gateway.applier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ApplyLanesTest {
    private final ApplyLanes lanes = new ApplyLanes(4);

    @AfterEach
    void stop() throws InterruptedException {
        lanes.stop();
    }

    @Test
    void theWritesOfOneAggregateToAClusterRunInTheOrderTheyCame() throws InterruptedException {
        List<Integer> order = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(200);
        for (int i = 0; i < 200; i++) {
            int n = i;
            lanes.submit("member1", "binding:ns/Deployment/web", () -> {
                order.add(n);
                done.countDown();
            });
        }

        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(order).isSorted().hasSize(200);
    }

    @Test
    void aWriteOfAnotherAggregateToTheSameClusterDoesNotWaitForABlockedOne() throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        lanes.submit("member1", aggregateOnLane(0), () -> await(release));
        CountDownLatch other = new CountDownLatch(1);

        lanes.submit("member1", aggregateOnLane(1), other::countDown);

        assertThat(other.await(5, TimeUnit.SECONDS)).isTrue();
        release.countDown();
    }

    @Test
    void aBlockedClusterDoesNotHoldUpAnother() throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        lanes.submit("member1", "ws:a", () -> await(release));
        CountDownLatch other = new CountDownLatch(1);

        lanes.submit("member2", "ws:a", other::countDown);

        assertThat(other.await(5, TimeUnit.SECONDS)).isTrue();
        release.countDown();
    }

    @Test
    void atLeastOneLanePerClusterIsRequired() {
        assertThatThrownBy(() -> new ApplyLanes(0)).hasMessageContaining("at least 1");
    }

    private static String aggregateOnLane(int lane) {
        for (int i = 0; ; i++) {
            String id = "binding:ns/Deployment/w" + i;
            if (Math.floorMod(id.hashCode(), 4) == lane) {
                return id;
            }
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
