package io.meridian.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A service's executable jar run as it is in a container: {@code java -jar} in a child process with nothing but
 * environment variables (those of this process starting with {@code MERIDIAN_} are not passed on), its output in
 * a log file. For tests that prove a jar starts on its own.
 */
public final class ServiceProcess implements AutoCloseable {
    private final Process process;
    private final Path log;

    private ServiceProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** The executable jar failsafe names in {@code meridian.exec-jar} (the parent pom sets it for every module). */
    public static Path execJar() {
        String jar = System.getProperty("meridian.exec-jar");
        if (jar == null) {
            throw new IllegalStateException("meridian.exec-jar is not set: run *IT tests with failsafe (./mvnw verify)");
        }
        return Path.of(jar);
    }

    /**
     * This module's executable jar ({@link #execJar()}) on {@code port} ({@code SERVER_PORT}) with {@code environment},
     * its output in {@code target/exec-jar-it.log}.
     */
    public static ServiceProcess startExecJar(Map<String, String> environment, int port) {
        Map<String, String> all = new java.util.HashMap<>(environment);
        all.put("SERVER_PORT", String.valueOf(port));
        return start(execJar(), all, Path.of("target", "exec-jar-it.log"));
    }

    /** The environment of a service on Kafka and PostgreSQL, as docker-compose and k8s/ set it; a fresh database. */
    public static Map<String, String> kafkaAndDatabase(KafkaBroker kafka, PostgresServer postgres, String database) {
        return Map.of("MERIDIAN_KAFKA_BOOTSTRAP", kafka.bootstrapServers(),
                "MERIDIAN_DB_URL", postgres.createDatabase(database),
                "MERIDIAN_DB_USER", postgres.username(),
                "MERIDIAN_DB_PASSWORD", postgres.password());
    }

    /** A local port free now, for the service's {@code SERVER_PORT}. */
    public static int freePort() {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port", e);
        }
    }

    public static ServiceProcess start(Path jar, Map<String, String> environment, Path log) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("jar: no such file " + jar + " (run the package phase first)");
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(List.of(java, "-Xmx384m", "-jar", jar.toString()))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("MERIDIAN_") || name.equals("KUBECONFIG"));
        builder.environment().putAll(environment);
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            return new ServiceProcess(builder.start(), log);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + jar, e);
        }
    }

    /**
     * Polls {@code url} until it answers 200 with {@code "status":"UP"} and returns that body; fails with the end
     * of the service's log when the process exits or the time is up.
     */
    public String awaitUp(URI url, Duration timeout) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("the service exited with " + process.exitValue() + ":\n" + logTail());
            }
            try {
                HttpResponse<String> response = http.send(HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(5)).build(),
                        HttpResponse.BodyHandlers.ofString());
                last = response.statusCode() + " " + response.body();
                if (response.statusCode() == 200 && response.body().contains("\"status\":\"UP\"")) {
                    return response.body();
                }
            } catch (IOException e) {
                last = e.toString();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            sleep(Duration.ofMillis(500));
        }
        throw new AssertionError(url + " not UP within " + timeout + " (last: " + last + "):\n" + logTail());
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public String logTail() {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
