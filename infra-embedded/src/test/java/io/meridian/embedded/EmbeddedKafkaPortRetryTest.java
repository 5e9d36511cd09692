package io.meridian.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;

class EmbeddedKafkaPortRetryTest {

    @Test
    void brokerStartsOnFreshPortsWhenItsFirstPortWasTakenMeanwhile() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            AtomicInteger calls = new AtomicInteger();
            IntSupplier firstPortTaken = () -> calls.getAndIncrement() == 0 ? taken.getLocalPort() : FreePorts.next();

            try (EmbeddedKafka kafka = EmbeddedKafka.start(firstPortTaken)) {
                assertThat(kafka.bootstrapServers()).doesNotEndWith(":" + taken.getLocalPort());
                assertThat(calls.get()).isEqualTo(4);
            }
        }
    }

    @Test
    void brokerAndControllerGetTwoPortsWhenOnePortIsFoundFreeTwice() {
        int port = FreePorts.next();
        AtomicInteger calls = new AtomicInteger();
        IntSupplier samePortTwice = () -> calls.getAndIncrement() < 2 ? port : FreePorts.next();

        try (EmbeddedKafka kafka = EmbeddedKafka.start(samePortTwice)) {
            assertThat(kafka.bootstrapServers()).endsWith(":" + port);
            assertThat(calls.get()).isEqualTo(3);
        }
    }
}
