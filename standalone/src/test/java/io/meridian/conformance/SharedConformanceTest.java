package io.meridian.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The kernel passes every case under ../shared/conformance. */
class SharedConformanceTest {
    private static final Path CASES = Path.of("..", "..", "shared", "conformance").toAbsolutePath().normalize();

    @Test
    void kernelPassesEverySharedConformanceCase() {
        Assumptions.assumeTrue(Files.isDirectory(CASES), "no ../shared/conformance beside the checkout");
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        ConformanceRunner.Summary summary = new ConformanceRunner(new PrintStream(buffer, true, StandardCharsets.UTF_8))
                .run(List.of(CASES));
        List<String> failures = buffer.toString(StandardCharsets.UTF_8).lines()
                .filter(l -> l.startsWith("FAIL") || l.startsWith("ERROR")).toList();
        assertThat(failures).as("conformance failures").isEmpty();
        assertThat(summary.passed()).isPositive();
    }
}
