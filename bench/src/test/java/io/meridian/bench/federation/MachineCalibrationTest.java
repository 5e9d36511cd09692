package io.meridian.bench.federation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.meridian.embedded.PostgresServer;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

class MachineCalibrationTest {
    @Test
    void aCalibrationThatCannotRunSaysWhyAndLetsTheBenchmarkReportItsResult() {
        List<String> progress = new ArrayList<>();

        assertThatCode(() -> MachineCalibration.report(new Unreachable(), progress::add)).doesNotThrowAnyException();

        assertThat(progress).containsExactly(
                "machine calibration failed: java.lang.IllegalStateException: no PostgreSQL here");
    }

    /** A server that refuses every call, as one that stopped would. */
    private static final class Unreachable implements PostgresServer {
        @Override
        public String createDatabase(String name) {
            throw new IllegalStateException("no PostgreSQL here");
        }

        @Override
        public String jdbcUrl(String database) {
            throw new IllegalStateException("no PostgreSQL here");
        }

        @Override
        public String username() {
            return "postgres";
        }

        @Override
        public String password() {
            return "postgres";
        }

        @Override
        public DataSource dataSource(String database) {
            throw new IllegalStateException("no PostgreSQL here");
        }

        @Override
        public void close() {
        }
    }
}
