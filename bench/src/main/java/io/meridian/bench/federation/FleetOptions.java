package io.meridian.bench.federation;

import java.time.Duration;
import picocli.CommandLine.Option;

/** The options the rebalance and failover benchmarks share (picocli mixin). */
final class FleetOptions {

    @Option(names = "--clusters", defaultValue = "100", description = "Member clusters (default ${DEFAULT-VALUE}).")
    int clusters;

    @Option(names = "--replicas", defaultValue = "4", description = "Replicas per template (default ${DEFAULT-VALUE}).")
    int replicas;

    @Option(names = "--timeout", defaultValue = "900", description = "Seconds to wait for each phase (default ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    Duration timeout() {
        return Duration.ofSeconds(timeoutSeconds);
    }
}
