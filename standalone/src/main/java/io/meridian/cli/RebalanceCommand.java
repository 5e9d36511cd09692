package io.meridian.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.cli.apply.DemoFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code meridian rebalance --dry-run WORKLOAD...}: asks the command-service what a fresh reschedule would assign
 * ({@code POST /api/rebalance/plan}) and prints, per workload, the replicas per cluster (or subset) before and after.
 * Command-service: {@code --command-url}, else {@code $MERIDIAN_COMMAND_URL}, else the running demo's, else
 * {@code http://localhost:8081}. Exit 0 when every workload has a plan, 1 when one has none, 2 when the service
 * cannot be asked.
 */
@Command(name = "rebalance", description = {"Show what a WorkloadRebalancer would do (--dry-run): replicas per cluster before and after.",
        "WORKLOAD is [namespace/]kind/name (namespace default) or the name of a workload of the host cluster."})
public final class RebalanceCommand implements Callable<Integer> {
    static final int PLANNED = 0;
    static final int NO_PLAN = 1;
    static final int UNREACHABLE = 2;
    static final String DEFAULT_URL = "http://localhost:8081";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Option(names = "--dry-run", required = true, description = "Print the plan only (the only mode: apply a WorkloadRebalancer to rebalance).")
    boolean dryRun;

    @Option(names = "--command-url", paramLabel = "URL", description = "The command-service.")
    String commandUrl;

    @Parameters(arity = "1..*", paramLabel = "WORKLOAD")
    List<String> workloads;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String url = url();
        JsonNode answer;
        try {
            answer = ask(url);
        } catch (IOException e) {
            err.println("meridian rebalance: cannot ask " + url + ": " + e.getMessage());
            err.flush();
            return UNREACHABLE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return UNREACHABLE;
        }
        if (answer.has("error")) {
            err.println("meridian rebalance: " + answer.path("error").asText());
            err.flush();
            return UNREACHABLE;
        }
        boolean all = true;
        for (JsonNode plan : answer.path("plans")) {
            all &= print(plan, out);
        }
        out.flush();
        return all ? PLANNED : NO_PLAN;
    }

    private String url() {
        if (commandUrl != null) {
            return commandUrl;
        }
        String env = System.getenv("MERIDIAN_COMMAND_URL");
        return env != null && !env.isBlank() ? env : DemoFiles.commandUrl().orElse(DEFAULT_URL);
    }

    private JsonNode ask(String url) throws IOException, InterruptedException {
        ObjectNode body = JSON.createObjectNode();
        workloads.forEach(body.putArray("workloads")::add);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url + "/api/rebalance/plan"))
                .timeout(Duration.ofSeconds(60)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(), HttpResponse.BodyHandlers.ofString());
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new IOException("answer " + response.statusCode() + " is not JSON", e);
        }
    }

    /**
     * <pre>
     * default/Deployment/web (binding:default/Deployment/web)
     *   member1   4 -> 2
     *   member2   0 -> 2
     *   total     4 -> 4
     * </pre>
     */
    static boolean print(JsonNode plan, PrintWriter out) {
        out.println(plan.path("workload").asText() + (plan.has("target") ? " (" + plan.path("target").asText() + ")" : ""));
        if (plan.has("error")) {
            out.println("  no plan: " + plan.path("error").asText());
            return false;
        }
        Map<String, Integer> before = counts(plan.path("before"));
        Map<String, Integer> after = counts(plan.path("after"));
        TreeSet<String> names = new TreeSet<>(before.keySet());
        names.addAll(after.keySet());
        int width = Math.max(5, names.stream().mapToInt(String::length).max().orElse(0));
        for (String name : names) {
            out.println(row(name, width, before.getOrDefault(name, 0), after.getOrDefault(name, 0)));
        }
        out.println(row("total", width, sum(before), sum(after)));
        return true;
    }

    private static String row(String name, int width, int before, int after) {
        return String.format("  %-" + width + "s %4d -> %d%s", name, before, after, before == after ? "" : "   (" + (after > before ? "+" : "") + (after - before) + ")");
    }

    private static Map<String, Integer> counts(JsonNode node) {
        Map<String, Integer> counts = new TreeMap<>();
        node.fields().forEachRemaining(e -> counts.put(e.getKey(), e.getValue().asInt()));
        return counts;
    }

    private static int sum(Map<String, Integer> counts) {
        return counts.values().stream().mapToInt(Integer::intValue).sum();
    }
}
