package io.meridian.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class AdmissionBenchCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void benchPodIsOwnedByTheReplicaSetAndCarriesItsTemplateLabels() throws Exception {
        ObjectNode replicaSet = (ObjectNode) JSON.readTree("""
                {"metadata":{"name":"web-5d8f","uid":"rs-uid"},
                 "spec":{"template":{"metadata":{"labels":{"app":"web","pod-template-hash":"5d8f"}},
                                     "spec":{"containers":[{"name":"main","image":"nginx"}]}}}}""");

        JsonNode pod = AdmissionBenchCommand.podOf(replicaSet);

        JsonNode owner = pod.path("metadata").path("ownerReferences").get(0);
        assertThat(owner.path("kind").asText()).isEqualTo("ReplicaSet");
        assertThat(owner.path("name").asText()).isEqualTo("web-5d8f");
        assertThat(owner.path("uid").asText()).isEqualTo("rs-uid");
        assertThat(owner.path("controller").asBoolean()).isTrue();
        assertThat(pod.path("metadata").path("labels").path("pod-template-hash").asText()).isEqualTo("5d8f");
        assertThat(pod.path("metadata").path("namespace").asText()).isEqualTo(AdmissionBenchCommand.NAMESPACE);
        assertThat(pod.path("spec").path("containers").get(0).path("image").asText()).isEqualTo("nginx");
    }

    @Test
    void missingLoadDriverIsReportedWithoutStartingAnything() {
        StringWriter err = new StringWriter();
        CommandLine cli = MeridianCommand.commandLine().setErr(new PrintWriter(err));

        int exit = cli.execute("bench", "admission", "--bench-jar", "/nonexistent/benchmarks.jar");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("/nonexistent/benchmarks.jar is missing");
    }

    @Test
    void aLongestWarmUpShorterThanTheLeastIsRefusedNamingBothOptions() {
        StringWriter err = new StringWriter();
        CommandLine cli = MeridianCommand.commandLine().setErr(new PrintWriter(err));

        int exit = cli.execute("bench", "admission", "--warmup", "15", "--max-warmup", "10", "--bench-jar", "/nonexistent/benchmarks.jar");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("--max-warmup: must be >= --warmup (15), was 10").doesNotContain("is missing");
    }

    @Test
    void noClientsIsRefusedNamingTheOption() {
        StringWriter err = new StringWriter();
        CommandLine cli = MeridianCommand.commandLine().setErr(new PrintWriter(err));

        int exit = cli.execute("bench", "admission", "--clients", "0", "--bench-jar", "/nonexistent/benchmarks.jar");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("--clients: must be >= 1, was 0");
    }
}
