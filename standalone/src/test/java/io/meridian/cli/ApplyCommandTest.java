package io.meridian.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.sim.ClusterSpec;
import io.meridian.sim.SimulatedCluster;
import io.meridian.sim.ZoneSpec;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code meridian apply} against a simulated cluster (fabric8's mock API server) through its kubeconfig. */
class ApplyCommandTest {
    static SimulatedCluster host;

    @TempDir
    Path dir;

    @BeforeAll
    static void startHost() {
        host = SimulatedCluster.start(new ClusterSpec("host", List.of(new ZoneSpec("z1", 1, 10))));
    }

    @AfterAll
    static void stopHost() {
        host.close();
    }

    record Run(int exit, String out, String err) {
    }

    Run apply(String manifest) throws Exception {
        Path file = dir.resolve("manifest.yaml");
        Files.writeString(file, manifest);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = MeridianCommand.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute("apply", "-f", file.toString(), "--kubeconfig", host.kubeconfigPath().toString());
        return new Run(exit, out.toString(), err.toString());
    }

    static String deployment(String name, int replicas) {
        return """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: %s, namespace: apps, labels: {tier: low}}
                spec:
                  replicas: %d
                  selector: {matchLabels: {app: %s}}
                  template:
                    metadata: {labels: {app: %s}}
                    spec: {containers: [{name: main, image: nginx}]}
                """.formatted(name, replicas, name, name);
    }

    static String rebalancer(String apiVersion, String name, String workloads) {
        return """
                apiVersion: %s
                kind: WorkloadRebalancer
                metadata: {name: %s}
                spec:
                  workloads: %s
                """.formatted(apiVersion, name, workloads);
    }

    @Test
    void appliesEveryDocumentOfOurAndUpstreamApiVersions() throws Exception {
        String web = "[{apiVersion: apps/v1, kind: Deployment, namespace: apps, name: web}]";
        Run run = apply(deployment("web", 4) + "---\n" + rebalancer("apps.karmada.io/v1alpha1", "upstream", web)
                + "---\n" + rebalancer("apps.meridian.io/v1alpha1", "ours", web));

        assertThat(run.exit()).as(run.err()).isEqualTo(ApplyCommand.APPLIED);
        assertThat(run.out().lines()).containsExactly("Deployment/web created", "WorkloadRebalancer/upstream created",
                "WorkloadRebalancer/ours created");
        assertThat(host.api().get("Deployment", "apps", "web")).isNotNull();
        assertThat(host.api().get("apps.karmada.io/v1alpha1/WorkloadRebalancer", null, "upstream")).isNotNull();
        assertThat(host.api().get("apps.meridian.io/v1alpha1/WorkloadRebalancer", null, "ours")).isNotNull();
    }

    @Test
    void anInvalidDocumentNamesTheFieldAndTheRuleAndNothingIsApplied() throws Exception {
        Run run = apply(deployment("never", 2) + "---\n" + rebalancer("apps.karmada.io/v1alpha1", "empty", "[]"));

        assertThat(run.exit()).isEqualTo(ApplyCommand.REFUSED);
        assertThat(run.out()).contains("WorkloadRebalancer/empty: spec.workloads").contains("nothing applied");
        assertThat(host.api().get("Deployment", "apps", "never")).isNull();
    }

    @Test
    void applyingAChangedManifestAgainReplacesIt() throws Exception {
        apply(deployment("twice", 2));

        Run run = apply(deployment("twice", 5));

        assertThat(run.out().strip()).isEqualTo("Deployment/twice configured");
        Map<?, ?> spec = (Map<?, ?>) host.api().get("Deployment", "apps", "twice").getAdditionalProperties().get("spec");
        assertThat(spec.get("replicas")).isEqualTo(5);
    }

    @Test
    void applyingTheSameManifestAgainChangesNothing() throws Exception {
        apply(deployment("same", 2));

        assertThat(apply(deployment("same", 2)).out().strip()).isEqualTo("Deployment/same unchanged");
    }

    @Test
    void anUnreadableKubeconfigIsExitTwo() throws Exception {
        Path file = dir.resolve("m.yaml");
        Files.writeString(file, deployment("x", 1));
        StringWriter err = new StringWriter();
        CommandLine cli = MeridianCommand.commandLine();
        cli.setErr(new PrintWriter(err, true));
        cli.setOut(new PrintWriter(new StringWriter(), true));

        int exit = cli.execute("apply", "-f", file.toString(), "--kubeconfig", dir.resolve("none").toString());

        assertThat(exit).isEqualTo(ApplyCommand.UNREADABLE);
        assertThat(err.toString()).contains("cannot read kubeconfig");
    }
}
