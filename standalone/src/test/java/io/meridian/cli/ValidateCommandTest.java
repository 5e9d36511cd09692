package io.meridian.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

class ValidateCommandTest {

    @TempDir
    Path temp;

    /** What one run printed and returned. */
    private record Run(int exitCode, List<String> out, List<String> err) {
    }

    private static Run validate(Path file) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine command = MeridianCommand.commandLine();
        command.setOut(new PrintWriter(out));
        command.setErr(new PrintWriter(err));
        int exitCode = command.execute("validate", "-f", file.toString());
        return new Run(exitCode, out.toString().lines().toList(), err.toString().lines().toList());
    }

    private static Path example(String name) {
        try {
            return Path.of(ValidateCommandTest.class.getResource("/manifests/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Stream<Path> examples(String folder) throws IOException {
        return Files.list(example(folder)).sorted();
    }

    static Stream<Path> validExamples() throws IOException {
        return examples("valid");
    }

    static Stream<Path> invalidExamples() throws IOException {
        return examples("invalid");
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(temp.resolve(name), text);
    }

    @ParameterizedTest
    @MethodSource("validExamples")
    void everyValidExampleIsReportedValidAndExitsZero(Path file) {
        Run run = validate(file);
        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).last().asString().contains(" invalid, 0 violations");
        assertThat(run.out().subList(0, run.out().size() - 1)).allSatisfy(line -> assertThat(line).endsWith(": valid"));
    }

    @ParameterizedTest
    @MethodSource("invalidExamples")
    void everyInvalidExampleFailsWithoutAStackTrace(Path file) {
        Run run = validate(file);
        assertThat(run.exitCode()).isIn(1, 2);
        assertThat(run.out()).noneMatch(line -> line.contains("Exception") || line.startsWith("\tat "));
        assertThat(run.err()).noneMatch(line -> line.contains("Exception") || line.startsWith("\tat "));
    }

    @Test
    void eachViolationIsOneLineNamingFileKindAndName() {
        Path file = example("invalid/workloadspread-maxreplicas.yaml");
        Run run = validate(file);
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).containsExactly(
                file + ": WorkloadSpread/mixed: spec.subsets[1].maxReplicas: Invalid value: \"30%\": "
                        + "the maxReplicas type of all subsets must be the same",
                file + ": WorkloadSpread/mixed: spec.scheduleStrategy.adaptive: Invalid value: "
                        + "{\"rescheduleCriticalSeconds\":296}: the last subset's maxReplicas must be not specified "
                        + "when using adaptive scheduleStrategy",
                file + ": WorkloadSpread/mixed: spec.scheduleStrategy.adaptive.rescheduleCriticalSeconds: Invalid value: "
                        + "296: rescheduleCriticalSeconds < 0 or rescheduleCriticalSeconds > 295 is not permitted",
                file + ": 1 document, 0 valid, 1 invalid, 3 violations");
    }

    @Test
    void everyDocumentOfAMultiDocumentFileIsValidated() {
        Path file = example("valid/karmada-propagationpolicies.yaml");
        assertThat(validate(file).out()).containsExactly("PropagationPolicy/nginx-propagation: valid",
                "ClusterPropagationPolicy/crd-propagation: valid", "PropagationPolicy/dynamic: valid",
                file + ": 3 documents, 3 valid, 0 invalid, 0 violations");
    }

    @Test
    void theItemsOfAListAreValidatedOneByOne() {
        assertThat(validate(example("valid/list.json")).out())
                .startsWith("WorkloadSpread/job-spread: valid", "WorkloadRebalancer/one: valid");
    }

    @Test
    void aSecondSpreadOnTheSameWorkloadInTheFileConflictsWithTheFirst() {
        Path file = example("invalid/workloadspread-conflict.yaml");
        Run run = validate(file);
        assertThat(run.out()).startsWith("WorkloadSpread/first: valid", file + ": WorkloadSpread/second: spec.targetRef: "
                + "Invalid value: {\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"name\":\"web\"}: "
                + "ws.spec.targetRef is in conflict with other WorkloadSpread first");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void spreadsInDifferentNamespacesDoNotConflict() throws IOException {
        String spread = "apiVersion: apps.kruise.io/v1alpha1\nkind: WorkloadSpread\nmetadata: {name: %s, namespace: %s}\n"
                + "spec: {targetRef: {apiVersion: apps/v1, kind: Deployment, name: web}, subsets: [{name: a}]}\n";
        Path file = write("two.yaml", spread.formatted("one", "a") + "---\n" + spread.formatted("two", "b"));
        assertThat(validate(file).exitCode()).isZero();
    }

    @Test
    void malformedYamlIsOneLineOnStandardErrorAndExitsTwo() {
        Path file = example("invalid/malformed.yaml");
        Run run = validate(file);
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).containsExactly(file + ": malformed YAML at line 13, column 13: mapping values are not allowed here");
        assertThat(run.out()).first().isEqualTo("WorkloadSpread/ok-so-far: valid");
    }

    @Test
    void malformedJsonIsOneLineOnStandardErrorAndExitsTwo() {
        Path file = example("invalid/malformed.json");
        Run run = validate(file);
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).singleElement().asString().startsWith(file + ": malformed JSON at line 3, column 1: ");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aMissingFileIsOneLineAndExitsTwo() {
        Path missing = temp.resolve("absent.yaml");
        Run run = validate(missing);
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).containsExactly(missing + ": cannot read file: no such file");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aDirectoryIsNotReadable() {
        Run run = validate(temp);
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).containsExactly(temp + ": cannot read file: is a directory, not a file");
    }

    @Test
    void anUnknownKindOrApiVersionIsOneLineEach() {
        Path file = example("invalid/unknown-kind.yaml");
        Run run = validate(file);
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).containsExactly(
                file + ": Deployment/web: kind: Unsupported value: \"Deployment\": supported values: \"WorkloadSpread\", "
                        + "\"UnitedDeployment\", \"WorkloadRebalancer\", \"PropagationPolicy\", \"ClusterPropagationPolicy\", "
                        + "\"Cluster\", \"MemberCluster\"",
                file + ": WorkloadSpread/future: apiVersion: Unsupported value: \"apps.kruise.io/v2\": supported values: "
                        + "\"apps.kruise.io/v1alpha1\", \"apps.kruise.io/v1beta1\", \"apps.meridian.io/v1alpha1\"",
                file + ": 2 documents, 0 valid, 2 invalid, 2 violations");
    }

    @Test
    void aDocumentWithoutKindIsNamedByItsPosition() {
        Path file = example("invalid/no-kind.yaml");
        assertThat(validate(file).out()).first().isEqualTo(file + ": document 1: kind: Required value");
    }

    @Test
    void wrongTypesAreReportedWithTheirFieldPath() {
        Path file = example("invalid/wrong-types.yaml");
        assertThat(validate(file).out()).startsWith(
                file + ": WorkloadSpread/types: spec.subsets[0].maxReplicas: Invalid value: true: must be of type integer or string",
                file + ": WorkloadSpread/types: spec.subsets[0].tolerations: Invalid value: \"all\": must be of type array");
    }

    @Test
    void aDocumentThatIsNotAnObjectIsReported() throws IOException {
        Path file = write("scalar.yaml", "just text\n");
        Run run = validate(file);
        assertThat(run.out()).first().isEqualTo(file + ": document 1: Invalid value: \"just text\": must be of type object");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void anEmptyFileHasNoDocumentsAndFails() throws IOException {
        Path file = write("empty.yaml", "# nothing here\n");
        Run run = validate(file);
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).containsExactly(file + ": no documents found");
    }

    @Test
    void emptyDocumentsBetweenSeparatorsAreSkipped() throws IOException {
        String rebalancer = "apiVersion: apps.karmada.io/v1alpha1\nkind: WorkloadRebalancer\nmetadata: {name: r}\n"
                + "spec: {workloads: [{apiVersion: apps/v1, kind: Deployment, name: w}]}\n";
        Path file = write("gaps.yaml", "---\n" + rebalancer + "---\n---\n");
        assertThat(validate(file).out()).containsExactly("WorkloadRebalancer/r: valid",
                file + ": 1 document, 1 valid, 0 invalid, 0 violations");
    }

    @Test
    void aDuplicateKeyIsMalformed() throws IOException {
        Path file = write("dup.yaml", "kind: WorkloadSpread\nkind: UnitedDeployment\n");
        Run run = validate(file);
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).singleElement().asString().contains("Duplicate field 'kind'");
    }

    @Test
    void aDocumentWithoutNameIsNamedByKindAndPosition() throws IOException {
        Path file = write("unnamed.json", "{\"apiVersion\":\"apps.karmada.io/v1alpha1\",\"kind\":\"WorkloadRebalancer\","
                + "\"spec\":{\"workloads\":[{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"name\":\"c\"}]}}");
        assertThat(validate(file).out()).first().isEqualTo(file + ": WorkloadRebalancer/(unnamed, document 1): "
                + "metadata.name: Required value: name or generateName is required");
    }
}
