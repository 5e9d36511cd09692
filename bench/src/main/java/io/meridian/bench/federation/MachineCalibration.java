package io.meridian.bench.federation;

import io.meridian.bench.load.PostgresCommitBaseline;
import io.meridian.embedded.PostgresServer;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * The machine's speed of the moment, measured after a fleet benchmark's window: the admission benchmark's baseline
 * (64 clients, one row inserted and committed per transaction, {@code synchronous_commit} on) on the runtime's own
 * PostgreSQL, 2 s of warm-up and 5 s measured, with the idle fleet still up. This machine's speed moves by a factor of
 * several between days (the same code rebalanced in 9.6 s one day and 48 s the next, the commit baseline 45,000/s
 * against 9,800/s), so a figure is only comparable with runs of a similar calibration.
 */
final class MachineCalibration {
    private static final String DATABASE = "bench_calibration";
    private static final int CLIENTS = 64;
    private static final Duration WARMUP = Duration.ofSeconds(2);
    private static final Duration MEASURED = Duration.ofSeconds(5);

    private MachineCalibration() {
    }

    /** Measures and reports one line; a calibration that cannot run says why and leaves the benchmark's result alone. */
    static void report(PostgresServer postgres, Consumer<String> progress) throws InterruptedException {
        try {
            postgres.createDatabase(DATABASE);
            PostgresCommitBaseline.Result result =
                    PostgresCommitBaseline.run(postgres.dataSource(DATABASE), CLIENTS, WARMUP, MEASURED);
            progress.accept("machine calibration (PostgreSQL single-row commits, " + CLIENTS + " clients, after the window): "
                    + result.json());
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            progress.accept("machine calibration failed: " + e);
        }
    }
}
