package io.meridian.gateway.command;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
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
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * The client of the command-service's admission API (plain HTTP inside the control plane). Each wait of a call
 * (for a pooled connection, for the connect, for the answer) ends within {@code timeout}; anything but a 200 with a
 * JSON object is {@link CommandAnswer.Unavailable}.
 *
 * <p>A blocking client (Apache HttpClient's classic API over a pool of kept-alive connections): the thread that makes
 * a call writes the request and reads the answer itself. The JDK's {@code java.net.http.HttpClient} passed every
 * call through its selector thread and a pool of its own, two more threads woken per call; under many admissions
 * those two took about 3 % of the process's CPU and half a context switch per admission (docs/benchmarks.md, Issue 3,
 * session 36).
 *
 * <p>Every thread it starts belongs to it: {@link #close()} stops them. They carry this class's loader as their
 * context class loader, not the one of the thread that happened to start them (a servlet container's request thread
 * carries the web application's loader, and the container then reports them at shutdown as threads the application
 * failed to stop).
 */
public final class CommandServiceClient implements AutoCloseable {
    /**
     * Calls under way at once, each on a connection of its own (as many as the command-service's servlet container
     * has request threads by default); a call beyond them waits for a connection, within {@code timeout}.
     */
    static final int MAX_CONNECTIONS = 200;
    static final String CALL_THREAD_PREFIX = "command-call-";
    private static final ClassLoader OWN_LOADER = CommandServiceClient.class.getClassLoader();

    private final ObjectMapper json = new ObjectMapper();
    private final CloseableHttpClient http;
    /** The threads asynchronous calls run on, kept between calls (there are as many as calls in flight). */
    private final ExecutorService callThreads = Executors.newCachedThreadPool(ownThreads(CALL_THREAD_PREFIX));
    private final URI base;
    private final Duration timeout;

    public CommandServiceClient(String baseUrl, Duration timeout) {
        this.base = URI.create(baseUrl.endsWith("/") ? baseUrl : baseUrl + "/");
        this.timeout = timeout;
        Timeout wait = Timeout.of(timeout);
        this.http = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setMaxConnTotal(MAX_CONNECTIONS).setMaxConnPerRoute(MAX_CONNECTIONS)
                        .setDefaultConnectionConfig(ConnectionConfig.custom().setConnectTimeout(wait).setSocketTimeout(wait)
                                // a kept-alive connection the command-service closed meanwhile is found before it is used
                                .setValidateAfterInactivity(TimeValue.ofSeconds(1)).build())
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom().setConnectionRequestTimeout(wait).setResponseTimeout(wait).build())
                .disableAutomaticRetries().disableRedirectHandling().disableCookieManagement().disableAuthCaching()
                .build();
    }

    /** Stops the threads calls run on and closes the connections; a call under way fails as unreachable. */
    @Override
    public void close() {
        callThreads.shutdownNow();
        http.close(CloseMode.IMMEDIATE);
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

    /** A call's outcome as the HTTP layer saw it: a status and the answer's bytes. */
    private record Response(int status, byte[] body) {
    }

    /** POSTs {@code body} to {@code path} (relative, e.g. {@code api/admission/pods}). Never throws. */
    public CommandAnswer post(String path, JsonNode body) {
        HttpPost request;
        try {
            request = request(path, body);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return cannotBuild(e);
        }
        try {
            return answer(send(request));
        } catch (IOException e) {
            return unavailable(e);
        }
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
        HttpPost request;
        try {
            request = request(batchPath, json.createArrayNode().addAll(bodies));
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return CompletableFuture.completedFuture(each(bodies, cannotBuild(e)));
        }
        return exchange(request)
                .thenCompose(response -> response.status() == 404 ? oneByOne(singlePath, bodies)
                        : CompletableFuture.completedFuture(batchAnswers(response, bodies.size())))
                .exceptionally(failure -> each(bodies, unavailable(failure)));
    }

    /**
     * One call on a thread of {@link #callThreads}, its answer handled there. Not {@code CompletableFuture}'s default
     * executor: with fewer than three processors (a pod limited to one or two CPUs, or this machine) it starts a new
     * thread per task.
     */
    private CompletableFuture<Response> exchange(HttpPost request) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return send(request);
            } catch (IOException e) {
                throw new CompletionException(e);
            }
        }, callThreads);
    }

    private Response send(HttpPost request) throws IOException {
        return http.execute(request, (ClassicHttpResponse response) -> new Response(response.getCode(),
                response.getEntity() == null ? new byte[0] : EntityUtils.toByteArray(response.getEntity())));
    }

    private CompletableFuture<List<CommandAnswer>> oneByOne(String path, List<JsonNode> bodies) {
        List<CompletableFuture<CommandAnswer>> calls = bodies.stream().map(body -> postAsync(path, body)).toList();
        return CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new))
                .thenApply(done -> calls.stream().map(CompletableFuture::join).toList());
    }

    private HttpPost request(String path, JsonNode body) throws JsonProcessingException {
        HttpPost post = new HttpPost(base.resolve(path));
        post.setHeader("Accept", "application/json");
        post.setEntity(new ByteArrayEntity(json.writeValueAsBytes(body), ContentType.APPLICATION_JSON));
        return post;
    }

    private static CommandAnswer.Unavailable cannotBuild(Exception e) {
        return new CommandAnswer.Unavailable(CommandAnswer.Cause.BAD_ANSWER, "cannot build the request: " + e.getMessage());
    }

    private CommandAnswer answer(Response response) {
        if (response.status() != 200) {
            return new CommandAnswer.Unavailable(CommandAnswer.Cause.BAD_ANSWER, "HTTP " + response.status());
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

    private List<CommandAnswer> batchAnswers(Response response, int expected) {
        if (response.status() != 200) {
            return Collections.nCopies(expected, new CommandAnswer.Unavailable(CommandAnswer.Cause.BAD_ANSWER,
                    "HTTP " + response.status()));
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

    /** A wait that ran out (for a connection, or for the answer) is a timeout; any other failure, unreachable. */
    private CommandAnswer.Unavailable unavailable(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (cause instanceof InterruptedIOException && !Thread.currentThread().isInterrupted()) {
            return new CommandAnswer.Unavailable(CommandAnswer.Cause.TIMEOUT, "no answer within " + timeout.toMillis() + " ms");
        }
        return new CommandAnswer.Unavailable(CommandAnswer.Cause.UNREACHABLE, cause instanceof Exception e ? oneLine(e)
                : cause.toString());
    }

    private static List<CommandAnswer> each(List<JsonNode> bodies, CommandAnswer answer) {
        return Collections.nCopies(bodies.size(), answer);
    }

    private static String oneLine(Exception e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.lines().findFirst().orElse(e.getClass().getSimpleName());
    }
}
