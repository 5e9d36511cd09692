package io.meridian.cli.apply;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a running {@code meridian demo} leaves what other commands need to reach it: the host cluster's
 * kubeconfig ({@code apply}) and the command-service's URL ({@code rebalance}), in {@code ~/.meridian/demo}
 * (or {@code $MERIDIAN_DEMO_DIR}). The demo removes them when it stops.
 */
public final class DemoFiles {
    public static final String HOST_KUBECONFIG = "host.kubeconfig";
    public static final String COMMAND_URL = "command.url";

    private DemoFiles() {
    }

    public static Path dir() {
        String override = System.getenv("MERIDIAN_DEMO_DIR");
        return override != null && !override.isBlank() ? Path.of(override)
                : Path.of(System.getProperty("user.home"), ".meridian", "demo");
    }

    /** Copies the host's kubeconfig and writes the command URL; returns the kubeconfig's path. */
    public static Path write(Path hostKubeconfig, String commandUrl) {
        try {
            Files.createDirectories(dir());
            Path kubeconfig = dir().resolve(HOST_KUBECONFIG);
            Files.copy(hostKubeconfig, kubeconfig, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            Files.writeString(dir().resolve(COMMAND_URL), commandUrl);
            return kubeconfig;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir(), e);
        }
    }

    public static void remove() {
        try {
            Files.deleteIfExists(dir().resolve(HOST_KUBECONFIG));
            Files.deleteIfExists(dir().resolve(COMMAND_URL));
        } catch (IOException e) {
            // a leftover file only points at a demo that no longer answers
        }
    }

    public static Optional<Path> hostKubeconfig() {
        Path path = dir().resolve(HOST_KUBECONFIG);
        return Files.isRegularFile(path) ? Optional.of(path) : Optional.empty();
    }

    public static Optional<String> commandUrl() {
        try {
            Path path = dir().resolve(COMMAND_URL);
            return Files.isRegularFile(path) ? Optional.of(Files.readString(path).strip()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
