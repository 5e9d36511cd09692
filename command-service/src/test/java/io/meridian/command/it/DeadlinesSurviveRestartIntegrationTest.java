package io.meridian.command.it;

import static io.meridian.command.it.Infra.POSTGRES;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.meridian.command.member.api.ReportHeartbeat;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Axon deadlines live in PostgreSQL: one scheduled by a command-service that is then stopped fires in the next one
 * started on the same database. The heartbeat is sent as a command, not through Kafka, so that the second instance
 * cannot re-arm the deadline by replaying the heartbeat: only the stored deadline can make the member Unreachable.
 */
class DeadlinesSurviveRestartIntegrationTest {
    private static final String DB = POSTGRES.createDatabase("deadlines_restart");
    private static final String CLUSTER = "member-restarted";

    @Test
    void aDeadlineScheduledBeforeARestartFiresAfterIt() {
        try (ConfigurableApplicationContext first = Infra.start(DB)) {
            first.getBean(CommandGateway.class).sendAndWait(new ReportHeartbeat(CLUSTER, "member", Instant.now(), 20));

            assertThat(storedDeadlines(first.getBean(JdbcTemplate.class))).isEqualTo(1);
            assertThat(unreachableEvents(first.getBean(JdbcTemplate.class))).isZero();
        }

        try (ConfigurableApplicationContext second = Infra.start(DB)) {
            JdbcTemplate jdbc = second.getBean(JdbcTemplate.class);
            await().atMost(Duration.ofSeconds(120)).until(() -> unreachableEvents(jdbc) == 1);
            await().atMost(Duration.ofSeconds(30)).until(() -> storedDeadlines(jdbc) == 0);
        }
    }

    @Test
    void eachMemberKeepsOneStoredBackstopAndIsDeclaredUnreachableAfterItsLastHeartbeat() {
        String db = POSTGRES.createDatabase("deadlines_rearmed");
        try (ConfigurableApplicationContext context = Infra.start(db)) {
            CommandGateway commands = context.getBean(CommandGateway.class);
            JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
            Instant start = Instant.now();
            commands.sendAndWait(new ReportHeartbeat("member-a", "member", start, 600));
            commands.sendAndWait(new ReportHeartbeat("member-b", "member", start, 600));
            List<String> jobs = storedJobs(jdbc);
            for (int beat = 1; beat < 5; beat++) {
                commands.sendAndWait(new ReportHeartbeat("member-a", "member", start.plusMillis(beat * 100L), 600));
                commands.sendAndWait(new ReportHeartbeat("member-b", "member", start.plusMillis(beat * 100L), 15));
            }

            assertThat(jobs).hasSize(2);
            assertThat(storedJobs(jdbc)).as("re-armed under the same keys").isEqualTo(jobs);
            await().atMost(Duration.ofSeconds(60)).until(() -> unreachableEvents(jdbc, "member-b") == 1);
            assertThat(unreachableEvents(jdbc, "member-a")).isZero();
            await().atMost(Duration.ofSeconds(30)).until(() -> storedDeadlines(jdbc) == 1);
        }
    }

    private static List<String> storedJobs(JdbcTemplate jdbc) {
        return jdbc.queryForList("select job_name from qrtz_job_details order by job_name", String.class);
    }

    private static int storedDeadlines(JdbcTemplate jdbc) {
        Integer n = jdbc.queryForObject("select count(*) from qrtz_triggers", Integer.class);
        return n == null ? 0 : n;
    }

    private static int unreachableEvents(JdbcTemplate jdbc) {
        return unreachableEvents(jdbc, CLUSTER);
    }

    private static int unreachableEvents(JdbcTemplate jdbc, String cluster) {
        Integer n = jdbc.queryForObject("select count(*) from domainevententry where aggregateidentifier = ? "
                + "and payloadtype like '%MemberClusterUnreachable'", Integer.class, cluster);
        return n == null ? 0 : n;
    }
}
