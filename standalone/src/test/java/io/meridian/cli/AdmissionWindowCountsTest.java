package io.meridian.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.meridian.embedded.PostgresServer;
import io.meridian.embedded.TestInfrastructure;
import io.meridian.standalone.StandaloneRuntime;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class AdmissionWindowCountsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static PostgresServer postgres;

    @BeforeAll
    static void start() {
        postgres = TestInfrastructure.postgres();
        postgres.createDatabase(StandaloneRuntime.COMMAND_DATABASE);
        postgres.createDatabase(StandaloneRuntime.PROJECTION_DATABASE);
    }

    @AfterAll
    static void stop() {
        postgres.close();
    }

    @Test
    void aRehearsedEdgeTakesTheCountsAndPrintsNothing() throws Exception {
        AdmissionBenchCommand.WindowCounts window = new AdmissionBenchCommand.WindowCounts(postgres);
        StringWriter out = new StringWriter();

        window.at(edge(AdmissionBenchCommand.REHEARSAL, 0), new PrintWriter(out));
        window.at(edge(AdmissionBenchCommand.REHEARSAL, 0), new PrintWriter(out));

        assertThat(window.rehearsed()).isTrue();
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void theWindowAfterRehearsalsIsCountedFromItsStart() throws Exception {
        AdmissionBenchCommand.WindowCounts window = new AdmissionBenchCommand.WindowCounts(postgres);
        StringWriter out = new StringWriter();
        window.at(edge(AdmissionBenchCommand.REHEARSAL, 0), new PrintWriter(out));

        window.at(edge("start", 0), new PrintWriter(out));
        window.at(edge("end", 10), new PrintWriter(out));

        assertThat(out.toString()).contains("PostgreSQL (commits by database").containsPattern("commits in meridian_commands +\\d+");
    }

    @Test
    void onlyTheStartEdgeOpensTheWindow() throws Exception {
        AdmissionBenchCommand.WindowCounts window = new AdmissionBenchCommand.WindowCounts(postgres);
        PrintWriter out = new PrintWriter(new StringWriter());

        assertThat(window.at(edge(AdmissionBenchCommand.REHEARSAL, 0), out)).isFalse();
        assertThat(window.at(edge("start", 0), out)).isTrue();
        assertThat(window.at(edge("end", 10), out)).isFalse();
    }

    private static com.fasterxml.jackson.databind.JsonNode edge(String edge, long admissions) throws Exception {
        return JSON.readTree("{\"edge\":\"" + edge + "\",\"admissions\":" + admissions + "}");
    }
}
