package io.meridian.gateway.command;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The client of the command-service's admission API (plain HTTP inside the control plane). Every call
 * ends within {@code timeout}; anything but a 200 with a JSON object is {@link CommandAnswer.Unavailable}.
 * Calls are spread over a few JDK HttpClients: one client serialises every call through its own locks and
 * its one selector thread, which under many concurrent admissions is where the gateway's time went.
 *
 * <p>Every thread it starts belongs to it: {@link #close()} stops them. They carry this class's loader as their
 * context class loader, not the one of the thread that happened to start them (a servlet container's request thread
 * carries the web application's loader, and the container then reports them at shutdown as threads the application
 * failed to stop).
 */
public final class CommandServiceClient implements AutoCloseable {
    /** Enough clients that concurrent admissions rarely meet on one client's locks; each keeps its own connections. */
    static final int CLIENTS = 8;
    static final String CALL_THREAD_PREFIX = "command-call-";
    static final String IO_THREAD_PREFIX = "command-client-";
    private static final ClassLoader OWN_LOADER = CommandServiceClient.class.getClassLoader();

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient[] clients;
    private final AtomicInteger next = new AtomicInteger();
    /** The threads asynchronous calls wait on, kept between calls (there are as many as calls in flight). */
    private final ExecutorService callThreads = Executors.newCachedThreadPool(ownThreads(CALL_THREAD_PREFIX));
    /** Where the HttpClients hand their exchanges' work (their default is a pool of their own, never stopped). */
    private final ExecutorService ioThreads = Executors.newCachedThreadPool(ownThreads(IO_THREAD_PREFIX));
    private final URI base;
    private final Duration timeout;

    public CommandServiceClient(String baseUrl, Duration timeout) {
        this.base = URI.create(baseUrl.endsWith("/") ? baseUrl : baseUrl + "/");
        this.timeout = timeout;
        this.clients = new HttpClient[CLIENTS];
        Thread current = Thread.currentThread();
        ClassLoader caller = current.getContextClassLoader();
        current.setContextClassLoader(OWN_LOADER); // each client's selector thread inherits it
        try {
            for (int i = 0; i < CLIENTS; i++) {
                clients[i] = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout)
                        .executor(ioThreads).build();
            }
        } finally {
            current.setContextClassLoader(caller);
        }
    }

    /**
     * Stops the threads calls wait on and those the HttpClients hand work to; a call under way fails as unreachable.
     * The clients' selector threads end by themselves once the clients are unreachable (Java 17 cannot close them).
     */
    @Override
    public void close() {
        callThreads.shutdownNow();
        ioThreads.shutdownNow();
    }

    private static ThreadFactory ownThreads(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            thread.setContextClassLoader(OWN_LOADER);
            return thread;
        };
    }

    /** POSTs {@code body} to {@code path} (relative, e.g. {@code api/admission/pods}). Never throws. */
    public CommandAnswer post(String path, JsonNode body) {
        HttpRequest request;
        try {
            request = request(path, body);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return cannotBuild(e);
        }
        HttpResponse<byte[]> response;
        try {
            response = client().send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (HttpTimeoutException e) {
            return new CommandAnswer.Unavailable(CommandAnswer.Cause.TIMEOUT, "no answer within " + timeout.toMillis() + " ms");
        } catch (IOException e) {
            return new CommandAnswer.Unavailable(CommandAnswer.Cause.UNREACHABLE, oneLine(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new CommandAnswer.Unavailable(CommandAnswer.Cause.UNREACHABLE, "interrupted");
        }
        return answer(response);
    }

    /** {@link #post}, without blocking the caller. Never completes exceptionally. */
    public CompletableFuture<CommandAnswer> postAsync(String path, JsonNode body) {
        try {
            return exchange(request(path, body)).handle((response, failure) -> failure != null ? unavailable(failure) : answer(response));
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return CompletableFuture.completedFuture(cannotBuild(e));
        }
    }

    /**
     * POSTs the pod calls {@code bodies} as one JSON array to {@code batchPath} (the batch call); one answer per body,
     * in order, each as {@link #post} would have answered it alone. A failed call fails every body the same way. A
     * command-service without the batch endpoint (a 404: one not upgraded yet) gets each body on {@code singlePath}
     * instead. Never completes exceptionally.
     */
    public CompletableFuture<List<CommandAnswer>> postBatch(String batchPath, String singlePath, List<JsonNode> bodies) {
        HttpRequest request;
        try {
            request = request(batchPath, json.createArrayNode().addAll(bodies));
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return CompletableFuture.completedFuture(each(bodies, cannotBuild(e)));
        }
        return exchange(request)
                .thenCompose(response -> response.statusCode() == 404 ? oneByOne(singlePath, bodies)
                        : CompletableFuture.completedFuture(batchAnswers(response, bodies.size())))
                .exceptionally(failure -> each(bodies, unavailable(failure)));
    }

    /**
     * One call on a thread of {@link #callThreads}, its answer handled there. Not {@code HttpClient.sendAsync}: that hands
     * every answer to {@code CompletableFuture}'s default executor, which with fewer than three processors (a pod
     * limited to one or two CPUs, or this machine) starts a new thread per task, one per answer.
     */
    private CompletableFuture<HttpResponse<byte[]>> exchange(HttpRequest request) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return client().send(request, HttpResponse.BodyHandlers.ofByteArray());
            } catch (IOException e) {
                throw new CompletionException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CompletionException(e);
            }
        }, callThreads);
    }

    private CompletableFuture<List<CommandAnswer>> oneByOne(String path, List<JsonNode> bodies) {
        List<CompletableFuture<CommandAnswer>> calls = bodies.stream().map(body -> postAsync(path, body)).toList();
        return CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new))
                .thenApply(done -> calls.stream().map(CompletableFuture::join).toList());
    }

    private HttpRequest request(String path, JsonNode body) throws JsonProcessingException {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(timeout)
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(body))).build();
    }

    private static CommandAnswer.Unavailable cannotBuild(Exception e) {
        return new CommandAnswer.Unavailable(CommandAnswer.Cause.BAD_ANSWER, "cannot build the request: " + e.getMessage());
    }

    private CommandAnswer answer(HttpResponse<byte[]> response) {
        if (response.statusCode() != 200) {
            return new CommandAnswer.Unavailable(CommandAnswer.Cause.BAD_ANSWER, "HTTP " + response.statusCode());
        }
        try {
            JsonNode tree = json.readTree(response.body());
            if (tree == null || !tree.isObject()) {
                return new CommandAnswer.Unavailable(CommandAnswer.Cause.BAD_ANSWER, "the answer is not a JSON object");
            }
            return new CommandAnswer.Answered(tree);
        } catch (IOException e) {
            return new CommandAnswer.Unavailable(CommandAnswer.Cause.BAD_ANSWER, "the answer is not JSON");
        }
    }

    private List<CommandAnswer> batchAnswers(HttpResponse<byte[]> response, int expected) {
        if (response.statusCode() != 200) {
            return Collections.nCopies(expected, new CommandAnswer.Unavailable(CommandAnswer.Cause.BAD_ANSWER,
                    "HTTP " + response.statusCode()));
        }
        JsonNode tree;
        try {
            tree = json.readTree(response.body());
        } catch (IOException e) {
            tree = null;
        }
        if (tree == null || !tree.isArray() || tree.size() != expected) {
            return Collections.nCopies(expected, new CommandAnswer.Unavailable(CommandAnswer.Cause.BAD_ANSWER,
                    "the answer is not a JSON array of " + expected + " answers"));
        }
        List<CommandAnswer> answers = new ArrayList<>(expected);
        for (JsonNode element : tree) {
            int status = element.path("status").asInt(0);
            JsonNode body = element.path("body");
            answers.add(status == 200 && body.isObject() ? new CommandAnswer.Answered(body)
                    : new CommandAnswer.Unavailable(CommandAnswer.Cause.BAD_ANSWER, status == 200
                    ? "the answer is not a JSON object" : "HTTP " + status));
        }
        return answers;
    }

    private CommandAnswer.Unavailable unavailable(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (cause instanceof HttpTimeoutException) {
            return new CommandAnswer.Unavailable(CommandAnswer.Cause.TIMEOUT, "no answer within " + timeout.toMillis() + " ms");
        }
        return new CommandAnswer.Unavailable(CommandAnswer.Cause.UNREACHABLE, cause instanceof Exception e ? oneLine(e)
                : cause.toString());
    }

    private static List<CommandAnswer> each(List<JsonNode> bodies, CommandAnswer answer) {
        return Collections.nCopies(bodies.size(), answer);
    }

    private HttpClient client() {
        return clients[Math.floorMod(next.getAndIncrement(), CLIENTS)];
    }

    private static String oneLine(Exception e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.lines().findFirst().orElse(e.getClass().getSimpleName());
    }
}
