package io.meridian.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.embedded.PostgresServer;
import io.meridian.embedded.TestInfrastructure;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class PostgresActivityTest {
    private static PostgresServer postgres;

    @BeforeAll
    static void start() throws SQLException {
        postgres = TestInfrastructure.postgres();
        postgres.createDatabase("activity_main");
        postgres.createDatabase("activity_other");
        execute("activity_main", "create table placed (id int)");
        execute("activity_other", "create table placed (id int)");
    }

    @AfterAll
    static void stop() {
        postgres.close();
    }

    @Test
    void rowsOfTheOtherDatabasesAreNamedWithTheirDatabase() throws SQLException {
        PostgresActivity before = PostgresActivity.take(postgres, "activity_main", "activity_other");

        execute("activity_main", "insert into placed select generate_series(1, 3)");
        execute("activity_other", "insert into placed select generate_series(1, 5)");

        Awaitility.await().atMost(Duration.ofSeconds(20)).untilAsserted(() ->
                assertThat(PostgresActivity.take(postgres, "activity_main", "activity_other").since(before, "workload", 1))
                        .containsPattern("rows inserted in placed +3 ")
                        .containsPattern("rows inserted in activity_other\\.placed +5 "));
    }

    @Test
    void aCheckpointInTheWindowIsCounted() throws SQLException {
        PostgresActivity before = PostgresActivity.take(postgres, "activity_main");

        execute("activity_main", "checkpoint");

        Awaitility.await().atMost(Duration.ofSeconds(20)).untilAsserted(() ->
                assertThat(PostgresActivity.take(postgres, "activity_main").since(before, "workload", 1))
                        .containsPattern("checkpoints +1 "));
    }

    private static void execute(String database, String sql) throws SQLException {
        try (Connection connection = postgres.dataSource(database).getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
