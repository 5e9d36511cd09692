package io.meridian.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code meridian rebalance --dry-run} against a stand-in of the command-service's plan endpoint. */
class RebalanceCommandTest {
    HttpServer server;
    final AtomicReference<String> asked = new AtomicReference<>();
    volatile String answer;

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/rebalance/plan", exchange -> {
            asked.set(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            byte[] body = answer.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    record Run(int exit, String out, String err) {
    }

    Run rebalance(String... workloads) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = MeridianCommand.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        String[] args = new String[workloads.length + 3];
        args[0] = "rebalance";
        args[1] = "--dry-run";
        args[2] = "--command-url=http://127.0.0.1:" + server.getAddress().getPort();
        System.arraycopy(workloads, 0, args, 3, workloads.length);
        return new Run(cli.execute(args), out.toString(), err.toString());
    }

    @Test
    void printsBeforeAndAfterPerCluster() {
        answer = """
                {"host":"member1","plans":[{"workload":"default/Deployment/web","target":"binding:default/Deployment/web",
                 "before":{"member1":4},"after":{"member1":2,"member2":2}}]}""";

        Run run = rebalance("web");

        assertThat(run.exit()).isEqualTo(RebalanceCommand.PLANNED);
        assertThat(asked.get()).isEqualTo("{\"workloads\":[\"web\"]}");
        assertThat(run.out().lines()).containsExactly(
                "default/Deployment/web (binding:default/Deployment/web)",
                "  member1    4 -> 2   (-2)",
                "  member2    0 -> 2   (+2)",
                "  total      4 -> 4");
    }

    @Test
    void aWorkloadWithoutPlanIsSaidAndExitsOne() {
        answer = """
                {"host":"member1","plans":[{"workload":"default/Deployment/gone","target":"binding:default/Deployment/gone",
                 "error":"not found: binding:default/Deployment/gone"}]}""";

        Run run = rebalance("default/Deployment/gone");

        assertThat(run.exit()).isEqualTo(RebalanceCommand.NO_PLAN);
        assertThat(run.out()).contains("  no plan: not found: binding:default/Deployment/gone");
    }

    @Test
    void anErrorOfTheServiceIsExitTwo() {
        answer = "{\"error\":\"no cluster has reported as host yet\"}";

        Run run = rebalance("web");

        assertThat(run.exit()).isEqualTo(RebalanceCommand.UNREACHABLE);
        assertThat(run.err()).contains("no cluster has reported as host yet");
    }

    @Test
    void withoutDryRunItRefusesToRun() {
        StringWriter err = new StringWriter();
        CommandLine cli = MeridianCommand.commandLine();
        cli.setErr(new PrintWriter(err, true));

        assertThat(cli.execute("rebalance", "web")).isEqualTo(2);
        assertThat(err.toString()).contains("--dry-run");
    }
}
