package io.meridian.command.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.cluster.ClusterEventConsumer;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.infra.RandomIdentifierFactory;
import io.meridian.command.kafka.MeridianProperties;
import io.meridian.command.ws.AdmittedPodInput;
import io.meridian.command.ws.KernelJson;
import io.meridian.command.ws.api.AdmissionOutcome;
import io.meridian.command.ws.api.PodToAdmit;
import io.meridian.command.ws.api.RecordPodDeletion;
import io.meridian.command.ws.api.WorkloadSpreadApi;
import io.meridian.core.ws.MatchedWorkloadSpread;
import io.meridian.core.ws.admission.AdmissionDecision;
import io.meridian.core.ws.admission.AdmissionResult;
import io.meridian.core.ws.admission.AdmissionSettings;
import io.meridian.core.ws.admission.ListedSpread;
import io.meridian.core.ws.admission.PodCreationAdmission;
import io.meridian.core.ws.admission.PodCreationRequest;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.stereotype.Service;

/**
 * The admission API's logic. A CREATE is routed to its spread by a kernel pre-match over the spreads
 * the cluster state lists in the pod's namespace; the spread's aggregate then re-runs the full decision
 * on its own state. CREATEs of one spread are micro-batched; the answer waits for the commit.
 */
@Service
public class AdmissionService {
    private static final Logger log = LoggerFactory.getLogger(AdmissionService.class);
    private static final PodCreationAdmission ROUTING = new PodCreationAdmission();
    /** How long a CREATE waits for its batch to be decided and committed. */
    private static final long DECISION_WAIT_SECONDS = 30;

    private final ClusterState state;
    private final ClusterEventConsumer clusterEvents;
    private final CommandGateway commands;
    private final AdmissionBatcher batcher;
    private final Clock clock;
    private final MeridianProperties properties;
    private final ParsedSpreads parsedSpreads = new ParsedSpreads();

    public AdmissionService(ClusterState state, ClusterEventConsumer clusterEvents, CommandGateway commands,
                            AdmissionBatcher batcher, Clock clock, MeridianProperties properties) {
        this.state = state;
        this.clusterEvents = clusterEvents;
        this.commands = commands;
        this.batcher = batcher;
        this.clock = clock;
        this.properties = properties;
    }

    /**
     * One admission request as the gateway sends it; {@code liveOwners} the pod's owner chain read from its
     * cluster, null when not sent, and {@code liveOwnersIncomplete} when a read of it did not come back in
     * time ({@link LiveOwners}).
     */
    public record Request(String cluster, String uid, String operation, boolean dryRun, String namespace, JsonNode pod,
                          List<JsonNode> liveOwners, boolean liveOwnersIncomplete) {
        public Request(String cluster, String uid, String operation, boolean dryRun, String namespace, JsonNode pod) {
            this(cluster, uid, operation, dryRun, namespace, pod, null, false);
        }
    }

    public AdmissionOutcome admit(Request request) {
        String decisionId = RandomIdentifierFactory.next();
        MDC.put("cluster", request.cluster());
        MDC.put("decisionId", decisionId);
        try {
            AdmissionOutcome outcome = "CREATE".equals(request.operation()) ? answered(create(request, decisionId))
                    : delete(request, decisionId);
            logDecided(request, outcome);
            return outcome;
        } finally {
            clearContext();
        }
    }

    /**
     * As {@link #admit(Request)}, but a CREATE's answer is not waited for: the caller submits many and waits once
     * (the batch call). Routing runs here, on the caller's thread; the answer's log line carries the pod's context.
     */
    public CompletableFuture<AdmissionOutcome> admitAsync(Request request) {
        String decisionId = RandomIdentifierFactory.next();
        MDC.put("cluster", request.cluster());
        MDC.put("decisionId", decisionId);
        try {
            CompletableFuture<AdmissionOutcome> outcome = "CREATE".equals(request.operation())
                    ? create(request, decisionId) : CompletableFuture.completedFuture(delete(request, decisionId));
            Map<String, String> context = MDC.getCopyOfContextMap();
            return outcome.whenComplete((decided, failed) -> {
                if (decided != null) {
                    withContext(context, () -> logDecided(request, decided));
                }
            });
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        } finally {
            clearContext();
        }
    }

    private static void logDecided(Request request, AdmissionOutcome outcome) {
        // cluster, aggregate and decisionId come with the line from the MDC
        log.debug("{} of pod {}: {} ({})", request.operation(), request.pod().path("metadata").path("name").asText(""),
                outcome.verdict(), outcome.reason());
    }

    private static void withContext(Map<String, String> context, Runnable action) {
        Map<String, String> previous = MDC.getCopyOfContextMap();
        MDC.setContextMap(context == null ? Map.of() : context);
        try {
            action.run();
        } finally {
            if (previous == null) {
                MDC.clear();
            } else {
                MDC.setContextMap(previous);
            }
        }
    }

    private static void clearContext() {
        MDC.remove("cluster");
        MDC.remove("decisionId");
        MDC.remove("aggregate");
    }

    /** Waits for a CREATE's decision as the single call always did: 30 s at most, failures as IllegalStateException. */
    private static AdmissionOutcome answered(CompletableFuture<AdmissionOutcome> outcome) {
        try {
            return outcome.get(DECISION_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException failure ? failure
                    : new IllegalStateException("admission failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("admission not decided in time", e);
        }
    }

    /**
     * Routing first, without waiting: a pod that a known spread takes goes to its queue, and the batch
     * waits for the cluster events once for all its pods before reading the workload objects. Only a pod
     * that no spread takes waits here, then is routed again (a spread or owner reported just before it).
     */
    private CompletableFuture<AdmissionOutcome> create(Request request, String decisionId) {
        JsonNode pod = withNamespace(request.pod(), request.namespace());
        String namespace = pod.path("metadata").path("namespace").asText("");
        Optional<String> spread = firstMatch(request.cluster(), pod, listed(request.cluster(), namespace));
        if (spread.isEmpty()) {
            clusterEvents.awaitApplied(properties.catchUpWait());
            List<ListedSpread> listed = listed(request.cluster(), namespace);
            if (listed.isEmpty()) {
                return CompletableFuture.completedFuture(allow(decisionId, "no WorkloadSpread in namespace " + namespace));
            }
            spread = firstMatch(request.cluster(), pod, listed);
            if (spread.isEmpty()) {
                // no spread takes the pod: the kernel gives the exact answer (skip rules, owner not found, none)
                AdmissionResult routing = ROUTING.decide(new PodCreationRequest(pod, listed,
                        KernelJson.clusterObjects(state.ownerChain(request.cluster(), pod)), AdmissionSettings.defaults(),
                        clock.instant(), decisionId, Map.of()));
                spread = spreadOf(routing.decision(), listed);
                if (spread.isEmpty()) {
                    return CompletableFuture.completedFuture(outcome(decisionId, routing.decision()));
                }
            }
        }
        String aggregateId = WorkloadSpreadApi.aggregateId(request.cluster(), namespace, spread.get());
        MDC.put("aggregate", aggregateId);
        if ((request.liveOwners() == null || request.liveOwnersIncomplete())
                && LiveOwners.needed(state, request.cluster(), namespace, spread.get())) {
            return CompletableFuture.completedFuture(request.liveOwners() == null ? LiveOwners.ask(decisionId, spread.get())
                    : LiveOwners.refuse(decisionId, spread.get(), request.cluster()));
        }
        // what the event keeps of the pod (its digest included) is prepared here, on the request's thread, not under
        // the aggregate's lock, through which every pod of the spread passes one batch at a time
        PodToAdmit toAdmit = new PodToAdmit(request.uid(), decisionId, pod, request.liveOwners(),
                request.dryRun() ? null : AdmittedPodInput.of(pod));
        // the gateway cannot read this member: a percentage is then scaled against the reported replicas only
        boolean needsCaughtUp = request.liveOwners() != null && request.liveOwners().isEmpty()
                && LiveOwners.needed(state, request.cluster(), namespace, spread.get());
        String name = spread.get();
        try {
            if (request.dryRun()) {
                return CompletableFuture.completedFuture(batcher.dryRun(aggregateId, toAdmit, needsCaughtUp));
            }
            return batcher.submit(aggregateId, toAdmit, needsCaughtUp).orTimeout(DECISION_WAIT_SECONDS, TimeUnit.SECONDS)
                    .handle((outcome, failure) -> decidedOrNotRegistered(outcome, failure, decisionId, name));
        } catch (AggregateNotFoundException e) {
            return CompletableFuture.completedFuture(allow(decisionId, name + ": WorkloadSpread not registered yet"));
        }
    }

    /** A CREATE's outcome; a spread the event store does not know yet admits the pod as it is. */
    private static AdmissionOutcome decidedOrNotRegistered(AdmissionOutcome outcome, Throwable failure, String decisionId,
                                                           String spread) {
        if (failure == null) {
            return outcome;
        }
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (cause instanceof AggregateNotFoundException) {
            return allow(decisionId, spread + ": WorkloadSpread not registered yet");
        }
        if (cause instanceof TimeoutException) {
            throw new IllegalStateException("admission not decided in time", cause);
        }
        throw new IllegalStateException("admission failed: " + cause, cause);
    }

    private AdmissionOutcome delete(Request request, String decisionId) {
        JsonNode pod = withNamespace(request.pod(), request.namespace());
        String namespace = pod.path("metadata").path("namespace").asText("");
        JsonNode annotations = pod.path("metadata").path("annotations");
        Optional<MatchedWorkloadSpread> matched = MatchedWorkloadSpread.parse(
                annotations.path(MatchedWorkloadSpread.ANNOTATION).asText(null));
        if (matched.isEmpty() || matched.get().name().isEmpty()) {
            return allow(decisionId, "pod has no valid " + MatchedWorkloadSpread.ANNOTATION + " annotation");
        }
        String aggregateId = WorkloadSpreadApi.aggregateId(request.cluster(), namespace, matched.get().name());
        MDC.put("aggregate", aggregateId);
        try {
            return AdmissionBatcher.withRetry(() -> commands.sendAndWait(new RecordPodDeletion(aggregateId, decisionId,
                    request.operation(), pod, state.ownerChain(request.cluster(), pod), clock.instant(), request.dryRun())));
        } catch (AggregateNotFoundException e) {
            return allow(decisionId, matched.get().name() + ": WorkloadSpread not registered");
        }
    }

    private List<ListedSpread> listed(String cluster, String namespace) {
        List<ListedSpread> listed = new ArrayList<>();
        for (ObjectNode manifest : state.spreads(cluster, namespace)) {
            ListedSpread spread = parsedSpreads.of(cluster, manifest);
            if (spread != null) {
                listed.add(spread);
            }
        }
        return listed;
    }

    /**
     * A cheap pre-match for routing: the first live spread whose target the pod's controller chain
     * reaches and whose selector takes the pod. The aggregate then decides with the full kernel.
     */
    private Optional<String> firstMatch(String cluster, JsonNode pod, List<ListedSpread> listed) {
        if (ClusterState.controllerOf(pod) == null) {
            return Optional.empty();
        }
        java.util.Map<String, String> labels = new java.util.TreeMap<>();
        pod.path("metadata").path("labels").fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText("")));
        for (ListedSpread candidate : listed) {
            var spec = candidate.spread().spec();
            if (candidate.beingDeleted() || spec == null || spec.targetRef() == null) {
                continue;
            }
            if (state.reaches(cluster, pod, spec.targetRef().kind(), spec.targetRef().name())
                    && (spec.targetFilter() == null
                    || io.meridian.core.k8s.LabelSelectors.absentOrMatches(spec.targetFilter().selector(), labels))) {
                return Optional.of(candidate.spread().name());
            }
        }
        return Optional.empty();
    }

    /** The spread a routing decision names: the one it patched the pod into, or the one its reason starts with. */
    private static Optional<String> spreadOf(AdmissionDecision decision, List<ListedSpread> listed) {
        if (decision instanceof AdmissionDecision.Patch patch) {
            JsonNode annotation = patch.mutatedPod().path("metadata").path("annotations").path(MatchedWorkloadSpread.ANNOTATION);
            Optional<MatchedWorkloadSpread> matched = MatchedWorkloadSpread.parse(annotation.asText(null));
            if (matched.isPresent()) {
                return Optional.of(matched.get().name());
            }
        }
        for (ListedSpread spread : listed) {
            if (decision.reason().startsWith(spread.spread().name() + ": ")) {
                return Optional.of(spread.spread().name());
            }
        }
        return Optional.empty();
    }

    /** The pod as sent, with the request's namespace when it names none (a copy then; the request's tree is left alone). */
    private static JsonNode withNamespace(JsonNode pod, String namespace) {
        if (pod == null || !pod.isObject()) {
            throw new IllegalArgumentException("pod: required object is missing");
        }
        if (pod.path("metadata").hasNonNull("namespace") || namespace == null) {
            return pod;
        }
        ObjectNode copy = ((ObjectNode) pod).deepCopy();
        ObjectNode metadata = copy.path("metadata").isObject() ? (ObjectNode) copy.get("metadata") : copy.putObject("metadata");
        metadata.put("namespace", namespace);
        return copy;
    }

    private static AdmissionOutcome allow(String decisionId, String reason) {
        return new AdmissionOutcome(decisionId, AdmissionOutcome.ALLOW, null, null, reason, null);
    }

    private static AdmissionOutcome outcome(String decisionId, AdmissionDecision decision) {
        if (decision instanceof AdmissionDecision.Deny deny) {
            return new AdmissionOutcome(decisionId, AdmissionOutcome.DENY, null, null, deny.reason(), deny.code());
        }
        return allow(decisionId, decision.reason());
    }

}
