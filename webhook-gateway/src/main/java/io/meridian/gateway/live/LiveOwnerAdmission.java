package io.meridian.gateway.live;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.gateway.command.CommandAnswer;
import io.meridian.gateway.command.CommandServiceClient;
import io.meridian.gateway.command.PodCalls;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Sends a pod CREATE to the admission API with the pod's owner chain read live when the command-service
 * needs it: a spread whose maxReplicas are percentages must see the workload's current replicas, which the
 * agents may not have reported yet. The command-service says so ({@code needsLiveOwners}); the request then
 * goes again with {@code liveOwners}, and the pod's controller is remembered for {@code remember} so that
 * its next pods are sent with their owners at once. Every other pod costs nothing more. A chain whose reads did
 * not all come back in time is sent marked {@code liveOwnersIncomplete}: the command-service then refuses to
 * decide on replicas it cannot know are current.
 */
public final class LiveOwnerAdmission {
    static final String INCOMPLETE_FIELD = "liveOwnersIncomplete";
    private static final int MAX_REMEMBERED = 10_000;

    private final OwnerChains chains;
    private final Clock clock;
    private final Duration remember;
    private final Map<String, Instant> needing = new ConcurrentHashMap<>();

    /** Reads a pod's owner chain from its cluster now; empty (and complete) when there is no cluster to read. */
    @FunctionalInterface
    public interface OwnerChains {
        OwnerChain read(String cluster, String namespace, JsonNode pod);
    }

    public LiveOwnerAdmission(OwnerChains chains, Clock clock, Duration remember) {
        this.chains = chains;
        this.clock = clock;
        this.remember = remember;
    }

    /** No member cluster to read: every request goes once, as it is. */
    public static LiveOwnerAdmission none() {
        return new LiveOwnerAdmission((cluster, namespace, pod) -> OwnerChain.complete(List.of()), Clock.systemUTC(),
                Duration.ZERO);
    }

    /** POSTs the CREATE {@code body} (with {@code cluster} and {@code pod}) on its own call and answers the decision. */
    public CommandAnswer post(CommandServiceClient commands, ObjectNode body) {
        return post(PodCalls.oneByOne(commands), body);
    }

    /** Sends the CREATE {@code body} (with {@code cluster} and {@code pod}) through {@code calls}; answers the decision. */
    public CommandAnswer post(PodCalls commands, ObjectNode body) {
        String cluster = body.path("cluster").asText();
        JsonNode pod = body.path("pod");
        String namespace = pod.path("metadata").path("namespace").asText(body.path("namespace").asText(""));
        String controller = controllerKey(cluster, namespace, pod);
        if (controller != null && remembered(controller)) {
            return commands.post(withLiveOwners(body, cluster, namespace, pod));
        }
        CommandAnswer answer = commands.post(body);
        if (answer instanceof CommandAnswer.Answered answered && answered.body().path("needsLiveOwners").asBoolean(false)) {
            if (controller != null) {
                rememberNeeding(controller);
            }
            return commands.post(withLiveOwners(body, cluster, namespace, pod));
        }
        return answer;
    }

    /** The body with {@code liveOwners}, and {@code liveOwnersIncomplete} when a read did not come back in time. */
    private ObjectNode withLiveOwners(ObjectNode body, String cluster, String namespace, JsonNode pod) {
        ObjectNode copy = body.deepCopy();
        OwnerChain chain = chains.read(cluster, namespace, pod);
        copy.putArray("liveOwners").addAll(chain.owners());
        if (!chain.complete()) {
            copy.put(INCOMPLETE_FIELD, true);
        }
        return copy;
    }

    private boolean remembered(String controller) {
        Instant until = needing.get(controller);
        if (until == null) {
            return false;
        }
        if (clock.instant().isAfter(until)) {
            needing.remove(controller, until);
            return false;
        }
        return true;
    }

    private void rememberNeeding(String controller) {
        if (needing.size() >= MAX_REMEMBERED) {
            needing.clear();
        }
        needing.put(controller, clock.instant().plus(remember));
    }

    private static String controllerKey(String cluster, String namespace, JsonNode pod) {
        JsonNode controller = LiveOwnerChain.controllerOf(pod);
        if (controller == null) {
            return null;
        }
        return cluster + "/" + namespace + "/" + controller.path("kind").asText()
                + "/" + controller.path("name").asText();
    }
}
