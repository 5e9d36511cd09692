package io.meridian.projection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.kafka.PollRecovery;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The projection outlives a database that refuses its writes for a while, on real Kafka and PostgreSQL. */
class ProjectionRecoveryIntegrationTest extends ProjectionIntegrationTest {
    private final Logger recoveryLog = (Logger) LoggerFactory.getLogger(PollRecovery.class);
    private final ListAppender<ILoggingEvent> warnings = new ListAppender<>();

    @BeforeEach
    void listen() {
        warnings.start();
        recoveryLog.addAppender(warnings);
    }

    @AfterEach
    void stopListening() {
        recoveryLog.detachAppender(warnings);
    }

    @Test
    void eventsTheDatabaseRefusedAreProjectedOnceItTakesThemAgain() throws Exception {
        String spread = "member1/default/refused-for-a-while";
        jdbc.execute("alter table domain_event rename to domain_event_away");
        try {
            publish(spread, MessageCodec.DOMAIN_EVENT.encode(decision(spread)));
            await().atMost(Duration.ofSeconds(30)).until(() -> warnings.list.stream()
                    .anyMatch(e -> e.getFormattedMessage().startsWith("domain event projection failed")));
        } finally {
            jdbc.execute("alter table domain_event_away rename to domain_event");
        }

        await().atMost(Duration.ofSeconds(30)).until(() -> jdbc.queryForObject(
                "select count(*) from domain_event where aggregate_id = ?", Integer.class, spread) == 1);
        assertThat(get("/api/workloadspreads/member1/default/refused-for-a-while/history"))
                .contains("projected after the database came back");
    }

    private static DomainEvent decision(String aggregateId) {
        return new DomainEvent(1, aggregateId + "#1", "WorkloadSpread", aggregateId, 1, "PodAdmitted",
                Instant.parse("2026-11-24T10:00:00Z"), "d-refused", "0.1.0",
                JsonNodeFactory.instance.objectNode().put("reason", "projected after the database came back"));
    }
}
