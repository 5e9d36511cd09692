package io.meridian.command.ws;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.ws.api.AdmissionOutcome;
import io.meridian.command.ws.api.AdmitPods;
import io.meridian.command.ws.api.FailOpenPodsDecided;
import io.meridian.command.ws.api.MutationResultRecorded;
import io.meridian.command.ws.api.PlannedMutation;
import io.meridian.command.ws.api.PodAdmission;
import io.meridian.command.ws.api.PodDeletionRecorded;
import io.meridian.command.ws.api.PodsAdopted;
import io.meridian.command.ws.api.PodsAdmitted;
import io.meridian.command.ws.api.RecordMutationResult;
import io.meridian.command.ws.api.RecordPodDeletion;
import io.meridian.command.ws.api.RemoveWorkloadSpread;
import io.meridian.command.ws.api.SyncWorkloadSpread;
import io.meridian.command.ws.api.UpsertWorkloadSpread;
import io.meridian.command.ws.api.WorkloadSpreadChanged;
import io.meridian.command.ws.api.WorkloadSpreadRegistered;
import io.meridian.command.ws.api.WorkloadSpreadRemoved;
import io.meridian.command.ws.api.WorkloadSpreadSyncDue;
import io.meridian.command.ws.api.WorkloadSpreadSyncScheduled;
import io.meridian.command.ws.api.WorkloadSpreadSynced;
import io.meridian.core.KernelVersion;
import io.meridian.core.patch.KubernetesStrategicMergePatch;
import io.meridian.core.ws.admission.AdmissionResult;
import io.meridian.core.ws.admission.AdmissionSettings;
import io.meridian.core.ws.admission.ListedSpread;
import io.meridian.core.ws.admission.PodDeletionBookkeeping;
import io.meridian.core.ws.admission.PodDeletionRequest;
import io.meridian.core.ws.admission.StatusChange;
import io.meridian.core.ws.controller.SyncDecision;
import io.meridian.core.ws.controller.SyncFailure;
import io.meridian.core.ws.controller.SyncInput;
import io.meridian.core.ws.controller.TargetWorkload;
import io.meridian.core.ws.controller.WorkloadSpreadSync;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.deadline.DeadlineManager;
import org.axonframework.deadline.annotation.DeadlineHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One WorkloadSpread of one cluster. Its status (with the reservations of admitted pods) lives here;
 * every decision is taken by the kernel and recorded with its inputs. Handlers decide and apply; only
 * the event sourcing handlers change state.
 */
@Aggregate(cache = "workloadSpreadCache", commandTargetResolver = "cachingCommandTargetResolver")
public class WorkloadSpreadAggregate {
    public static final String SYNC_DEADLINE = "workload-spread-sync";
    /** Sync after a creating pod's reservation can have timed out (30 s) and a deleting pod's (15 s). */
    static final Duration CREATING_TIMEOUT = Duration.ofSeconds(31);
    static final Duration DELETING_TIMEOUT = Duration.ofSeconds(16);
    private static final Logger log = LoggerFactory.getLogger(WorkloadSpreadAggregate.class);
    private static final PodDeletionBookkeeping DELETION = new PodDeletionBookkeeping();
    private static final BoundedAdoption SYNC = new BoundedAdoption(new WorkloadSpreadSync(new KubernetesStrategicMergePatch()));
    private static final AdmissionSettings SETTINGS = AdmissionSettings.defaults();

    @AggregateIdentifier
    private String id;
    private String cluster;
    private JsonNode manifest;
    private WorkloadSpreadStatus status = WorkloadSpreadStatus.EMPTY;
    private boolean removed;
    private long nextDomainSequence;
    private Instant syncDueAt;
    private boolean statusWritePending;
    private FailOpenPods failOpen = FailOpenPods.NONE;
    /** The target workload the last recorded sync used; a sync never goes back to an older version of it. */
    private JsonNode syncedWorkload;

    protected WorkloadSpreadAggregate() {
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public void handle(UpsertWorkloadSpread command) {
        JsonNode identityAndSpec = KernelJson.identityAndSpec(command.manifest());
        KernelJson.spread(identityAndSpec, WorkloadSpreadStatus.EMPTY); // rejects a spec the kernel cannot read
        if (id == null || removed) {
            apply(new WorkloadSpreadRegistered(command.id(), command.cluster(), identityAndSpec, command.at(), nextDomainSequence));
        } else if (!identityAndSpec.equals(manifest)) {
            apply(new WorkloadSpreadChanged(command.id(), identityAndSpec, command.at(), nextDomainSequence));
        }
    }

    @CommandHandler
    public void handle(RemoveWorkloadSpread command, DeadlineManager deadlines) {
        if (!removed) {
            deadlines.cancelAllWithinScope(SYNC_DEADLINE);
            apply(new WorkloadSpreadRemoved(command.id(), command.at(), nextDomainSequence));
        }
    }

    @CommandHandler
    public List<AdmissionOutcome> handle(AdmitPods command, DeadlineManager deadlines) {
        if (removed) {
            return command.pods().stream().map(p -> new AdmissionOutcome(p.decisionId(), AdmissionOutcome.ALLOW, null, null,
                    spreadName() + ": WorkloadSpread was removed", null)).toList();
        }
        AdmissionRound.Result round = AdmissionRound.decide(spread(), command, SETTINGS, nextDomainSequence);
        if (!command.dryRun()) {
            Instant due = round.reserved() ? dueAfter(command.now(), CREATING_TIMEOUT, deadlines) : null;
            apply(new PodsAdmitted(command.id(), KernelVersion.VALUE, command.now(), command.clusterObjects(), round.admissions(),
                    due, command.latestVersion()));
        }
        return round.outcomes();
    }

    @CommandHandler
    public AdmissionOutcome handle(RecordPodDeletion command, DeadlineManager deadlines) {
        if (removed) {
            return new AdmissionOutcome(command.decisionId(), AdmissionOutcome.ALLOW, null, null,
                    spreadName() + ": WorkloadSpread was removed", null);
        }
        WorkloadSpread current = spread();
        AdmissionResult result = DELETION.decide(new PodDeletionRequest(command.pod(), List.of(ListedSpread.live(current)),
                KernelJson.clusterObjects(command.clusterObjects()), SETTINGS, command.now()));
        AdmissionOutcome outcome = AdmissionRound.outcome(command.decisionId(), result.decision());
        if (!command.dryRun() && result.statusChange() instanceof StatusChange.Recorded recorded) {
            apply(new PodDeletionRecorded(command.id(), command.decisionId(), KernelVersion.VALUE, command.operation(),
                    command.now(), command.pod(), command.clusterObjects(), outcome.reason(),
                    Reservations.of(recorded, current.status()),
                    dueAfter(command.now(), DELETING_TIMEOUT, deadlines), nextDomainSequence));
        }
        return outcome;
    }

    @CommandHandler
    public void handle(SyncWorkloadSpread command, DeadlineManager deadlines) {
        if (removed) {
            return;
        }
        JsonNode target = notOlderThanSynced(command.workload());
        TargetWorkload workload = target == null ? TargetWorkload.missing()
                : new TargetWorkload(true, specReplicas(target), target, command.latestVersion());
        FailOpenPods pending = failOpen.stillPending(command.pods(), spreadName());
        SyncInput input = new SyncInput(spread(), workload,
                pending.asDecided(command.pods(), spreadName()).stream().map(KernelJson::pod).toList(),
                command.nodes().stream().map(KernelJson::node).toList(), command.now(), SETTINGS.versionedStatusKinds(),
                Optional.empty());
        BoundedAdoption.Result result = SYNC.sync(input);
        if (result.outcome() instanceof SyncFailure failure) {
            log.warn("sync of {} failed: {}", id, failure.reason());
            return;
        }
        SyncDecision decision = (SyncDecision) result.outcome();
        FailOpenPods.AfterSync after = pending.afterSync(decision.adoptionPatches(), result.overLimit(), command.pods(), command.now());
        if (!after.decided().equals(failOpen)) {
            apply(new FailOpenPodsDecided(command.id(), command.decisionId(), after.decided().adopting(),
                    List.copyOf(after.decided().rescheduling()), after.decided().sentAt()));
        }
        if (!decision.adoptionPatches().isEmpty()) {
            apply(Adoptions.decided(command.id(), command.decisionId(), command.now(), spreadName(),
                    decision.adoptionPatches(), command.pods(), nextDomainSequence));
        }
        List<PlannedMutation> mutations = SyncMutations.of(spreadName(), manifest, decision,
                decision.statusChanged() || statusWritePending, after.adoptions(), after.reschedules(), command.pods());
        if (command.rearm() && syncDueAt != null) {
            Instant recorded = syncDueAt.isAfter(command.now()) ? syncDueAt : command.now();
            deadlines.cancelAllWithinScope(SYNC_DEADLINE);
            deadlines.schedule(recorded, SYNC_DEADLINE, recorded);
        }
        Long requeue = decision.requeueAfter().map(Duration::toMillis).orElse(null);
        Instant due = requeue == null ? null : dueAt(command.now(), command.now().plusMillis(requeue), deadlines);
        if (mutations.isEmpty() && decision.events().isEmpty()) {
            if (due != null) {
                apply(new WorkloadSpreadSyncScheduled(command.id(), due));
            }
            return;
        }
        ObjectNode inputs = JsonNodeFactory.instance.objectNode();
        inputs.set("workload", target);
        inputs.put("latestVersion", command.latestVersion());
        inputs.set("pods", KernelJson.tree(command.pods()));
        inputs.set("nodes", KernelJson.tree(command.nodes()));
        apply(new WorkloadSpreadSynced(command.id(), command.decisionId(), KernelVersion.VALUE, command.now(), command.trigger(),
                inputs, KernelJson.tree(decision.status()), decision.statusChanged(), mutations,
                decision.events().stream().map(KernelJson::tree).toList(), requeue, due,
                SyncMutations.summary(decision, result.overLimit(), mutations), nextDomainSequence));
    }

    @EventSourcingHandler
    void on(FailOpenPodsDecided event) {
        failOpen = new FailOpenPods(event.adopting(), java.util.Set.copyOf(event.rescheduling()), event.decidedAt());
    }

    @EventSourcingHandler
    void on(PodsAdopted event) {
        nextDomainSequence = event.nextDomainSequence();
    }

    @EventSourcingHandler
    void on(WorkloadSpreadSyncScheduled event) {
        syncDueAt = event.dueAt();
    }

    @CommandHandler
    public void handle(RecordMutationResult command) {
        boolean failed = !"Patched".equals(command.outcome()) && !"Noop".equals(command.outcome());
        apply(new MutationResultRecorded(command.id(), command.mutationId(), command.outcome(), command.detail(),
                command.completedAt(), failed, nextDomainSequence));
    }

    @DeadlineHandler(deadlineName = SYNC_DEADLINE)
    public void syncDue(Instant dueAt) {
        if (!removed) {
            apply(new WorkloadSpreadSyncDue(id, dueAt));
        }
    }

    @EventSourcingHandler
    void on(WorkloadSpreadRegistered event) {
        id = event.id();
        cluster = event.cluster();
        manifest = event.manifest();
        status = WorkloadSpreadStatus.EMPTY;
        failOpen = FailOpenPods.NONE;
        removed = false;
        nextDomainSequence = event.domainSequence() + 1;
    }

    @EventSourcingHandler
    void on(WorkloadSpreadChanged event) {
        manifest = event.manifest();
        nextDomainSequence = event.domainSequence() + 1;
    }

    @EventSourcingHandler
    void on(WorkloadSpreadRemoved event) {
        removed = true;
        syncDueAt = null;
        nextDomainSequence = event.domainSequence() + 1;
    }

    @EventSourcingHandler
    void on(PodsAdmitted event) {
        for (PodAdmission admission : event.admissions()) {
            if (admission.reservation() != null) {
                status = Reservations.replay(spreadName(), admission.reservation(), status);
            }
        }
        if (event.syncDueAt() != null) {
            syncDueAt = event.syncDueAt();
        }
        if (!event.admissions().isEmpty()) {
            nextDomainSequence = event.admissions().get(event.admissions().size() - 1).domainSequence() + 1;
        }
    }

    @EventSourcingHandler
    void on(PodDeletionRecorded event) {
        status = Reservations.replay(spreadName(), event.deleting(), status);
        if (event.syncDueAt() != null) {
            syncDueAt = event.syncDueAt();
        }
        nextDomainSequence = event.domainSequence() + 1;
    }

    @EventSourcingHandler
    void on(WorkloadSpreadSynced event) {
        status = KernelJson.status(event.status());
        JsonNode workload = event.inputs() == null ? null : event.inputs().get("workload");
        syncedWorkload = workload == null || workload.isNull() ? null : workload;
        if (event.syncDueAt() != null) {
            syncDueAt = event.syncDueAt();
        }
        statusWritePending = false;
        nextDomainSequence = event.domainSequence() + 1;
    }

    @EventSourcingHandler
    void on(WorkloadSpreadSyncDue event) {
        syncDueAt = null;
    }

    @EventSourcingHandler
    void on(MutationResultRecorded event) {
        if (event.retrySync() && event.mutationId() != null
                && event.mutationId().endsWith("/" + SyncMutations.STATUS_MUTATION_INDEX)) {
            statusWritePending = true;
        }
        nextDomainSequence = event.domainSequence() + 1;
    }

    private Instant dueAfter(Instant now, Duration timeout, DeadlineManager deadlines) {
        return dueAt(now, now.plus(timeout), deadlines);
    }

    /**
     * Keeps one pending sync deadline: moves it to {@code candidate} when none is pending or the candidate
     * is earlier, and answers the new due time to record (null: the pending one stays).
     */
    private Instant dueAt(Instant now, Instant candidate, DeadlineManager deadlines) {
        if (syncDueAt != null && syncDueAt.isAfter(now) && !candidate.isBefore(syncDueAt)) {
            return null;
        }
        deadlines.cancelAllWithinScope(SYNC_DEADLINE);
        deadlines.schedule(candidate, SYNC_DEADLINE, candidate);
        return candidate;
    }

    /**
     * The agents' view can be behind a version a sync already used (the target read live at admission, see
     * LiveTargetSync): a sync built from it before the scale-up is reported must not take the spread back to the
     * old replicas, or the next pods of a percentage spread are decided against them.
     */
    private JsonNode notOlderThanSynced(JsonNode reported) {
        if (reported == null || syncedWorkload == null || !ObjectVersions.sameObject(reported, syncedWorkload)) {
            return reported;
        }
        return ObjectVersions.newer(syncedWorkload, reported);
    }

    private static int specReplicas(JsonNode workload) {
        JsonNode spec = workload.path("spec");
        if ("Job".equals(workload.path("kind").asText())) {
            return spec.path("parallelism").asInt(1);
        }
        return spec.path("replicas").asInt(1);
    }

    private WorkloadSpread spread() {
        return KernelJson.spread(manifest, status);
    }

    private String spreadName() {
        return manifest == null ? id : manifest.path("metadata").path("name").asText(id);
    }
}
