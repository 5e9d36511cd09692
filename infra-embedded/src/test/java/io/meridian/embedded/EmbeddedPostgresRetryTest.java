package io.meridian.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class EmbeddedPostgresRetryTest {

    @Test
    void aServerThatDidNotStartOnItsFirstPortStartsOnAFreshOne() {
        List<Integer> tried = new ArrayList<>();
        AtomicInteger calls = new AtomicInteger();
        EmbeddedPostgresServer.Starter firstFails = port -> {
            tried.add(port);
            if (calls.getAndIncrement() == 0) {
                throw new IOException("Gave up waiting for server to start");
            }
            return EmbeddedPostgres.builder().setPort(port).start();
        };

        try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(FreePorts::next, firstFails)) {
            assertThat(tried).hasSize(2);
            assertThat(server.jdbcUrl("postgres")).contains(":" + tried.get(1) + "/");
        }
    }

    @Test
    void aServerThatNeverStartsFailsNamingTheAttemptsAndTheLastCause() {
        AtomicInteger calls = new AtomicInteger();
        EmbeddedPostgresServer.Starter neverStarts = port -> {
            throw new IOException("attempt " + calls.incrementAndGet());
        };

        assertThatThrownBy(() -> EmbeddedPostgresServer.start(FreePorts::next, neverStarts))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessage("cannot start embedded PostgreSQL in 3 attempts")
                .hasRootCauseMessage("attempt 3");
    }
}
