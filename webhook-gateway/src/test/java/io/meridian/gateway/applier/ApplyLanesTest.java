package io.meridian.gateway.applier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ApplyLanesTest {
    private final List<ApplyLanes> made = new ArrayList<>();

    @AfterEach
    void stop() throws InterruptedException {
        for (ApplyLanes lanes : made) {
            lanes.stop();
        }
    }

    @Test
    void theWritesOfOneAggregateToAClusterRunInTheOrderTheyCame() throws InterruptedException {
        ApplyLanes lanes = lanes(4, 8);
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
    void eachAggregateKeepsItsOrderWhileTheClusterWritesOnSeveralLanes() throws InterruptedException {
        ApplyLanes lanes = lanes(4, 8);
        Map<String, List<Integer>> seen = new ConcurrentHashMap<>();
        Random random = new Random(7);
        CountDownLatch done = new CountDownLatch(600);
        for (int i = 0; i < 600; i++) {
            int n = i;
            String aggregate = "ws:" + random.nextInt(6);
            long pause = random.nextInt(3);
            lanes.submit("member1", aggregate, () -> {
                sleep(pause);
                seen.computeIfAbsent(aggregate, key -> new CopyOnWriteArrayList<>()).add(n);
                done.countDown();
            });
        }

        assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(seen.values()).allSatisfy(order -> assertThat(order).isSorted());
    }

    @Test
    void aWriteOfAnotherAggregateToTheSameClusterDoesNotWaitForABlockedOne() throws InterruptedException {
        ApplyLanes lanes = lanes(4, 8);
        CountDownLatch release = new CountDownLatch(1);
        lanes.submit("member1", "ws:a", () -> block(release));
        CountDownLatch other = new CountDownLatch(1);

        lanes.submit("member1", "ws:b", other::countDown);

        assertThat(other.await(5, TimeUnit.SECONDS)).isTrue();
        release.countDown();
    }

    @Test
    void anAggregateWithAWriteWaitingTakesItsNextWriteToTheSameLane() throws Exception {
        ApplyLanes lanes = lanes(4, 8);
        CountDownLatch release = new CountDownLatch(1);
        lanes.submit("member1", "ws:a", () -> block(release));
        lanes.submit("member1", "ws:b", () -> block(release));

        CompletableFuture<String> lane = laneOf(lanes, "member1", "ws:a");
        release.countDown();

        assertThat(lane.get(5, TimeUnit.SECONDS)).isEqualTo("apply-member1-0");
    }

    @Test
    void aClusterWritesOnItsFirstLaneOnlyWhileTheSharedExtraLanesAreTaken() throws Exception {
        ApplyLanes lanes = lanes(4, 1);
        CountDownLatch releaseMember1 = new CountDownLatch(1);
        occupyBothLanesOfMember1(lanes, releaseMember1);
        assertThat(lanes.extraLaneThreads()).isEqualTo(1);

        String lane = laneOfASecondWriteToMember2(lanes);

        assertThat(lane).isEqualTo("apply-member2-0");
        releaseMember1.countDown();
    }

    @Test
    void anExtraLaneStaysTakenWhileItsThreadLivesIdle() throws Exception {
        ApplyLanes lanes = lanes(4, 1);
        CountDownLatch releaseMember1 = new CountDownLatch(1);
        CountDownLatch member1Done = occupyBothLanesOfMember1(lanes, releaseMember1);
        releaseMember1.countDown();
        assertThat(member1Done.await(5, TimeUnit.SECONDS)).isTrue();

        String lane = laneOfASecondWriteToMember2(lanes);

        assertThat(lane).isEqualTo("apply-member2-0");
        assertThat(lanes.extraLaneThreads()).isEqualTo(1);
    }

    @Test
    void aClusterTakesAnExtraLaneOnceAnotherClustersExtraThreadHasEnded() throws Exception {
        ApplyLanes lanes = new ApplyLanes(4, 1, Duration.ofMillis(100));
        made.add(lanes);
        CountDownLatch releaseMember1 = new CountDownLatch(1);
        occupyBothLanesOfMember1(lanes, releaseMember1);
        releaseMember1.countDown();
        await().atMost(Duration.ofSeconds(5)).until(() -> lanes.extraLaneThreads() == 0);

        String lane = laneOfASecondWriteToMember2(lanes);

        assertThat(lane).isEqualTo("apply-member2-1");
    }

    @Test
    void aClusterWithABacklogOnItsFirstLaneOpensAnotherWhateverTheOtherClustersHold() throws Exception {
        ApplyLanes lanes = lanes(4, 0);
        CountDownLatch release = new CountDownLatch(1);
        for (int i = 0; i < ApplyLanes.BACKLOG_FOR_OWN_LANES; i++) {
            lanes.submit("member1", "ws:a", () -> block(release));
        }

        CompletableFuture<String> lane = laneOf(lanes, "member1", "ws:b");

        assertThat(lane.get(5, TimeUnit.SECONDS)).isEqualTo("apply-member1-1");
        release.countDown();
    }

    @Test
    void aClusterWithAShortQueueOnItsFirstLaneWaitsThereWhenNoExtraLaneIsFree() throws Exception {
        ApplyLanes lanes = lanes(4, 0);
        CountDownLatch release = new CountDownLatch(1);
        for (int i = 0; i < ApplyLanes.BACKLOG_FOR_OWN_LANES - 1; i++) {
            lanes.submit("member1", "ws:a", () -> block(release));
        }

        CompletableFuture<String> lane = laneOf(lanes, "member1", "ws:b");
        release.countDown();

        assertThat(lane.get(5, TimeUnit.SECONDS)).isEqualTo("apply-member1-0");
    }

    @Test
    void aBlockedClusterDoesNotHoldUpAnother() throws InterruptedException {
        ApplyLanes lanes = lanes(4, 0);
        CountDownLatch release = new CountDownLatch(1);
        lanes.submit("member1", "ws:a", () -> block(release));
        CountDownLatch other = new CountDownLatch(1);

        lanes.submit("member2", "ws:a", other::countDown);

        assertThat(other.await(5, TimeUnit.SECONDS)).isTrue();
        release.countDown();
    }

    @Test
    void atLeastOneLanePerClusterIsRequired() {
        assertThatThrownBy(() -> new ApplyLanes(0, 8))
                .hasMessageContaining("meridian.applier.lanes-per-cluster").hasMessageContaining("at least 1");
    }

    @Test
    void theSharedExtraLanesCannotBeNegative() {
        assertThatThrownBy(() -> new ApplyLanes(4, -1))
                .hasMessageContaining("meridian.applier.shared-extra-lanes").hasMessageContaining("at least 0");
    }

    /** Two writes of two aggregates to member1, held until {@code release}; done once both ran. */
    private static CountDownLatch occupyBothLanesOfMember1(ApplyLanes lanes, CountDownLatch release) {
        CountDownLatch done = new CountDownLatch(2);
        for (String aggregate : List.of("ws:a", "ws:b")) {
            lanes.submit("member1", aggregate, () -> {
                block(release);
                done.countDown();
            });
        }
        return done;
    }

    /** The thread that runs a write to member2 made while another aggregate's write there is held. */
    private static String laneOfASecondWriteToMember2(ApplyLanes lanes) throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        lanes.submit("member2", "ws:c", () -> block(release));
        CompletableFuture<String> lane = laneOf(lanes, "member2", "ws:d");
        release.countDown();
        return lane.get(5, TimeUnit.SECONDS);
    }

    /** The name of the thread that runs a write of {@code aggregate} submitted now. */
    private static CompletableFuture<String> laneOf(ApplyLanes lanes, String cluster, String aggregate) {
        CompletableFuture<String> lane = new CompletableFuture<>();
        lanes.submit(cluster, aggregate, () -> lane.complete(Thread.currentThread().getName()));
        return lane;
    }

    private ApplyLanes lanes(int perCluster, int sharedExtra) {
        ApplyLanes lanes = new ApplyLanes(perCluster, sharedExtra);
        made.add(lanes);
        return lanes;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void block(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
