package io.meridian.command.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.schemas.kafka.DeadLetters;
import io.meridian.command.kafka.KafkaClients;
import io.meridian.command.kafka.MeridianProperties;
import io.meridian.command.kafka.PacedCommits;
import io.meridian.command.member.MemberLeases;
import io.meridian.command.member.UnchangedReports;
import io.meridian.command.member.api.ReportCapacity;
import io.meridian.command.member.api.ReportHeartbeat;
import io.meridian.command.ws.api.RemoveWorkloadSpread;
import io.meridian.command.ws.api.UpsertWorkloadSpread;
import io.meridian.command.ws.api.WorkloadSpreadApi;
import io.meridian.schemas.ClusterEvent;
import io.meridian.schemas.Decoded;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.ObjectRef;
import io.meridian.schemas.Topics;
import io.meridian.schemas.kafka.PollRecovery;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Reads {@code meridian.cluster-events} from the beginning on every start (each instance keeps the
 * whole cluster state, so partitions are assigned, not shared in a group: the state is rebuilt and
 * every command it sends is idempotent). A record that does not decode goes to the .dlq with the
 * reason; the offsets of handled batches, committed about once a second and when it stops ({@link PacedCommits}),
 * serve as a watermark, so a restart's re-read does not move the same record to the .dlq again (after a crash, those
 * of the last second may be moved again). While catching up only the state is rebuilt; once caught up the latest
 * version of every spread is upserted (or removed), the newest heartbeat and capacity per cluster are
 * reported and every spread is synced (which also re-arms its deadlines). After that, changes become
 * commands as they come: spread upserts and deletes, debounced syncs for pod, workload and node changes. Kafka out of
 * reach for a while (at start, or a poll, commit or .dlq send that failed later) does not stop it ({@link PollRecovery}).
 */
@Component
public class ClusterEventConsumer implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(ClusterEventConsumer.class);
    private static final String TOPIC = Topics.CLUSTER_EVENTS;

    private final KafkaClients clients;
    private final ClusterState state;
    private final CommandGateway commands;
    private final SyncScheduler syncs;
    private final MeridianProperties properties;
    private final java.time.Clock clock;
    private final List<ClusterChangeListener> listeners;
    private final Map<Integer, Long> processed = new ConcurrentHashMap<>();
    /**
     * Per partition, the offset below which every record's objects are in the cluster state (a spread's also
     * in its aggregate): what the read barrier waits for. A record counts as applied before the commands it
     * causes that decisions do not read (heartbeats, capacity, syncs, listeners), so an admission does not
     * wait for those.
     */
    private final Map<Integer, Long> applied = new ConcurrentHashMap<>();
    private int handlingPartition;
    private long handlingNext;
    /** Per partition, the committed offset of the last run: rejected records below it are already in the .dlq. */
    private final Map<Integer, Long> deadLettered = new HashMap<>();
    private final Object progress = new Object();
    private final Set<String> removedWhileCatchingUp = new LinkedHashSet<>();
    private final Map<String, ClusterEvent> lastHeartbeat = new LinkedHashMap<>();
    private final Map<String, ClusterEvent> lastCapacity = new LinkedHashMap<>();
    private volatile boolean caughtUp;
    private volatile boolean running;
    private volatile KafkaConsumer<String, String> consumer;
    /** Reads end offsets only (assigned, never polled): one ListOffsets round trip on cached metadata. */
    private KafkaConsumer<String, String> offsetReader;
    private List<TopicPartition> readerAssignment = List.of();
    private Map<Integer, Long> lastEndOffsets;
    private long lastEndOffsetsStarted;
    private volatile Thread worker;
    /** The handled batches' offsets (the .dlq watermark), committed about once a second. */
    private PacedCommits commits;
    private final MemberReports memberReports = new MemberReports();
    private final MemberLeases leases;
    private final UnchangedReports unchangedReports;
    /** Per spread aggregate, the identity and spec it was last upserted with: a status-only change sends no command. */
    private final Map<String, JsonNode> upserted = new HashMap<>();

    public ClusterEventConsumer(KafkaClients clients, ClusterState state, CommandGateway commands, SyncScheduler syncs,
                                MeridianProperties properties, java.time.Clock clock,
                                List<ClusterChangeListener> listeners, MemberLeases leases) {
        this.clock = clock;
        this.leases = leases;
        this.unchangedReports = new UnchangedReports(leases);
        this.listeners = List.copyOf(listeners);
        this.clients = clients;
        this.state = state;
        this.commands = commands;
        this.syncs = syncs;
        this.properties = properties;
    }

    @Override
    public void start() {
        running = true;
        consumer = clients.consumer("command-service-cluster-events", properties.consumerGroup() + "-cluster-events");
        commits = new PacedCommits(consumer, clock, PacedCommits.INTERVAL);
        offsetReader = clients.offsetReader("command-service-cluster-events-offsets");
        worker = new Thread(this::run, "cluster-events");
        worker.start();
    }

    private void run() {
        PollRecovery recovery = new PollRecovery("cluster events consumer", () -> running);
        try (KafkaProducer<String, String> deadLetters = clients.idempotentProducer("command-service-dlq")) {
            List<TopicPartition> partitions = awaitPartitions(recovery);
            Map<TopicPartition, Long> end = readFromTheBeginning(partitions, recovery);
            if (!running) {
                return;
            }
            checkCaughtUp(end);
            while (running) {
                recovery.attempt(consumer, () -> consumeOnce(partitions, end, deadLetters, recovery));
            }
        } catch (WakeupException stopping) {
            // stop() woke the consumer up
        } catch (RuntimeException e) {
            log.error("cluster events consumer stopped", e);
        } finally {
            // a watermark not committed means only that a restart may move its last rejected records again
            commits.commitLeaving("cluster events");
            consumer.close();
        }
    }

    /** One poll: its records handled in order, the watermark committed, and while catching up, whether it is done. */
    private void consumeOnce(List<TopicPartition> partitions, Map<TopicPartition, Long> end,
                             KafkaProducer<String, String> deadLetters, PollRecovery recovery) {
        ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(200));
        recovery.polled(records);
        for (ConsumerRecord<String, String> record : records) {
            handlingPartition = record.partition();
            handlingNext = record.offset() + 1;
            handle(record, deadLetters);
            markProcessed(record.partition(), record.offset() + 1);
            recovery.handled(record);
        }
        if (!records.isEmpty()) {
            // a watermark only: below it, rejected records were already moved to the .dlq
            commits.handled(records);
        }
        if (!caughtUp) {
            for (TopicPartition p : partitions) {
                markProcessed(p.partition(), consumer.position(p));
            }
            checkCaughtUp(end);
        }
    }

    /** The topic's partitions, once it exists; Kafka out of reach meanwhile is waited for, as long as it takes. */
    private List<TopicPartition> awaitPartitions(PollRecovery recovery) {
        List<TopicPartition> partitions = new ArrayList<>();
        while (running && partitions.isEmpty()) {
            recovery.attempt(consumer, () -> {
                List<PartitionInfo> infos = consumer.partitionsFor(TOPIC, Duration.ofSeconds(10));
                if (infos == null || infos.isEmpty()) {
                    log.info("waiting for topic {}", TOPIC);
                    return;
                }
                infos.forEach(i -> partitions.add(new TopicPartition(TOPIC, i.partition())));
            });
        }
        return partitions;
    }

    /**
     * Reads every partition from its beginning; returns where each ends now, which the state must reach to be caught
     * up, and remembers the last run's watermark of dead-lettered records.
     */
    private Map<TopicPartition, Long> readFromTheBeginning(List<TopicPartition> partitions, PollRecovery recovery) {
        Map<TopicPartition, Long> end = new HashMap<>();
        while (running && end.isEmpty() && !partitions.isEmpty()) {
            recovery.attempt(consumer, () -> {
                consumer.assign(partitions);
                consumer.seekToBeginning(partitions);
                deadLettered.clear();
                consumer.committed(new java.util.HashSet<>(partitions)).forEach((p, offset) -> {
                    if (offset != null) {
                        deadLettered.put(p.partition(), offset.offset());
                    }
                });
                end.putAll(consumer.endOffsets(partitions));
            });
        }
        return end;
    }

    private void markProcessed(int partition, long next) {
        processed.merge(partition, next, Math::max);
        markApplied(partition, next);
    }

    /** The record being handled is applied as far as decisions read it. */
    private void stateApplied() {
        markApplied(handlingPartition, handlingNext);
    }

    private void markApplied(int partition, long next) {
        applied.merge(partition, next, Math::max);
        synchronized (progress) {
            progress.notifyAll();
        }
    }

    private void checkCaughtUp(Map<TopicPartition, Long> end) {
        for (Map.Entry<TopicPartition, Long> e : end.entrySet()) {
            if (processed.getOrDefault(e.getKey().partition(), 0L) < e.getValue()) {
                return;
            }
        }
        onCaughtUp();
    }

    private void onCaughtUp() {
        log.info("cluster events caught up: {} cluster(s)", state.clusterNames().size());
        for (String id : removedWhileCatchingUp) {
            remove(id, clock.instant());
        }
        removedWhileCatchingUp.clear();
        for (String cluster : state.clusterNames()) {
            for (ObjectNode spread : state.spreads(cluster)) {
                upsert(cluster, spread, clock.instant());
            }
        }
        lastHeartbeat.values().forEach(this::heartbeat);
        lastCapacity.values().forEach(this::capacity);
        lastHeartbeat.clear();
        lastCapacity.clear();
        caughtUp = true;
        notifyListeners(listener -> listener.onCaughtUp(state, clock.instant()));
        for (String cluster : state.clusterNames()) {
            for (ObjectNode spread : state.spreads(cluster)) {
                syncs.request(idOf(cluster, spread), "start");
            }
        }
    }

    private void handle(ConsumerRecord<String, String> record, KafkaProducer<String, String> deadLetters) {
        Decoded<ClusterEvent> decoded = MessageCodec.CLUSTER_EVENT.decode(record.value());
        if (decoded instanceof Decoded.Rejected<ClusterEvent> rejected) {
            if (record.offset() >= deadLettered.getOrDefault(record.partition(), 0L)) {
                DeadLetters.send(deadLetters, record, rejected.reason());
            }
            return;
        }
        ClusterEvent event = ((Decoded.Accepted<ClusterEvent>) decoded).message();
        MDC.put("cluster", event.cluster());
        try {
            apply(event);
        } catch (RuntimeException e) {
            // the record was valid; a failing command is logged and the state stays as the agent reported it
            log.warn("cluster event {} of {} not applied: {}", event.eventId(), event.key(), e.toString());
        } finally {
            MDC.remove("cluster");
            MDC.remove("aggregate");
        }
    }

    private void apply(ClusterEvent event) {
        switch (event.type()) {
            case UPSERTED -> upserted(event);
            case DELETED -> deleted(event);
            case HEARTBEAT -> {
                stateApplied();
                leases.renew(event.cluster(), event.observedAt());
                if (caughtUp) {
                    memberReports.submit(new MemberReports.Report(event.cluster(), "heartbeat", () -> heartbeat(event)));
                } else {
                    lastHeartbeat.put(event.cluster(), event);
                }
            }
            case CAPACITY -> {
                stateApplied();
                leases.renew(event.cluster(), event.observedAt());
                if (caughtUp) {
                    memberReports.submit(new MemberReports.Report(event.cluster(), "capacity", () -> capacity(event)));
                } else {
                    lastCapacity.put(event.cluster(), event);
                }
            }
            case RESYNC_COMPLETED -> log.debug("agent of {} resynced {}", event.cluster(), event.body());
        }
    }

    private void upserted(ClusterEvent event) {
        ObjectRef ref = event.object();
        if (ref == null) {
            return;
        }
        Optional<ObjectNode> previous = state.upsert(event.cluster(), ref, event.body());
        ObjectNode current = state.find(event.cluster(), ref.namespace(), ref.kind(), ref.name()).orElseThrow();
        boolean spread = ClusterState.WORKLOAD_SPREAD.equals(ref.kind());
        if (!spread) {
            stateApplied();
        }
        if (caughtUp) {
            ClusterChange change = new ClusterChange(event.cluster(), ref, current, previous.orElse(null), event.observedAt());
            notifyListeners(listener -> listener.onChange(change));
        }
        if (ClusterState.WORKLOAD_SPREAD.equals(ref.kind())) {
            String id = idOf(event.cluster(), current);
            removedWhileCatchingUp.remove(id);
            if (caughtUp) {
                upsert(event.cluster(), current, event.observedAt());
                stateApplied();
                syncs.request(id, "spread changed");
            }
            return;
        }
        if (caughtUp) {
            requestSyncs(event.cluster(), ref, current, previous.orElse(null));
        }
    }

    private void deleted(ClusterEvent event) {
        ObjectRef ref = event.object();
        if (ref == null) {
            return;
        }
        Optional<ObjectNode> previous = state.delete(event.cluster(), ref);
        if (!ClusterState.WORKLOAD_SPREAD.equals(ref.kind())) {
            stateApplied();
        }
        if (caughtUp && previous.isPresent()) {
            ClusterChange change = new ClusterChange(event.cluster(), ref, null, previous.get(), event.observedAt());
            notifyListeners(listener -> listener.onChange(change));
        }
        if (ClusterState.WORKLOAD_SPREAD.equals(ref.kind())) {
            String id = WorkloadSpreadApi.aggregateId(event.cluster(), ref.namespace(), ref.name());
            if (caughtUp) {
                remove(id, event.observedAt());
            } else {
                removedWhileCatchingUp.add(id);
            }
            return;
        }
        if (caughtUp && previous.isPresent()) {
            requestSyncs(event.cluster(), ref, previous.get(), null);
        }
    }

    private void notifyListeners(java.util.function.Consumer<ClusterChangeListener> call) {
        for (ClusterChangeListener listener : listeners) {
            try {
                call.accept(listener);
            } catch (RuntimeException e) {
                log.warn("{} failed: {}", listener.getClass().getSimpleName(), e.toString());
            }
        }
    }

    /** Pods: the spreads whose target owns them; nodes: every spread of the cluster; workloads: the spreads of the namespace. */
    private void requestSyncs(String cluster, ObjectRef ref, JsonNode object, JsonNode previous) {
        List<ObjectNode> spreads = ClusterState.NODE.equals(ref.kind()) ? state.spreads(cluster) : state.spreads(cluster, ref.namespace());
        for (ObjectNode spread : spreads) {
            if (ClusterState.POD.equals(ref.kind())) {
                JsonNode target = spread.path("spec").path("targetRef");
                String kind = target.path("kind").asText();
                String name = target.path("name").asText();
                if (!state.reaches(cluster, object, kind, name) && (previous == null || !state.reaches(cluster, previous, kind, name))) {
                    continue;
                }
            }
            syncs.request(idOf(cluster, spread), ref.kind() + " " + ref.name() + " changed");
        }
    }

    /**
     * Registers or changes the spread's aggregate. A change of the status alone (the spread's own status writes)
     * sends nothing: the aggregate keeps identity and spec only, and waiting for its lock would hold up this
     * thread, and so the admission barrier, behind an admission batch.
     */
    private void upsert(String cluster, ObjectNode spread, java.time.Instant at) {
        String id = idOf(cluster, spread);
        JsonNode identityAndSpec = io.meridian.command.ws.KernelJson.identityAndSpec(spread);
        if (identityAndSpec.equals(upserted.get(id))) {
            return;
        }
        MDC.put("aggregate", id);
        try {
            commands.sendAndWait(new UpsertWorkloadSpread(id, cluster, spread, at));
            upserted.put(id, identityAndSpec);
        } catch (RuntimeException e) {
            upserted.remove(id);
            log.warn("WorkloadSpread {} not registered: {}", id, e.getMessage());
        }
    }

    private void remove(String id, java.time.Instant at) {
        upserted.remove(id);
        MDC.put("aggregate", id);
        try {
            commands.sendAndWait(new RemoveWorkloadSpread(id, at));
        } catch (AggregateNotFoundException unknown) {
            log.debug("WorkloadSpread {} was never registered", id);
        } catch (RuntimeException e) {
            if (e.getCause() instanceof AggregateNotFoundException) {
                return;
            }
            log.warn("WorkloadSpread {} not removed: {}", id, e.getMessage());
        }
    }

    private void heartbeat(ClusterEvent event) {
        long silence = properties.failover().unreachableSeconds();
        Instant now = clock.instant();
        if (unchangedReports.heartbeatChangesNothing(event.cluster(), silence, now)) {
            return;
        }
        String role = event.body() == null ? null : event.body().path("role").asText(null);
        commands.sendAndWait(new ReportHeartbeat(event.cluster(), role, event.observedAt(), silence));
        unchangedReports.heartbeatSent(event.cluster(), now);
    }

    private void capacity(ClusterEvent event) {
        long silence = properties.failover().unreachableSeconds();
        JsonNode zones = event.body() == null ? null : event.body().path("zones");
        Instant now = clock.instant();
        if (unchangedReports.capacityChangesNothing(event.cluster(), zones, silence, now)) {
            return;
        }
        commands.sendAndWait(new ReportCapacity(event.cluster(), zones, event.observedAt(), silence));
        unchangedReports.capacitySent(event.cluster(), zones, now);
    }

    private static String idOf(String cluster, JsonNode spread) {
        JsonNode metadata = spread.path("metadata");
        return WorkloadSpreadApi.aggregateId(cluster, metadata.path("namespace").asText(""), metadata.path("name").asText());
    }

    /** Whether the consumer thread is alive (it stops on an error it cannot get past, e.g. the .dlq unreachable). */
    public boolean isConsuming() {
        return worker != null && worker.isAlive();
    }

    /** Whether the state has been rebuilt from everything on the topic at start. */
    public boolean isCaughtUp() {
        return caughtUp;
    }

    /**
     * A read barrier: waits until every cluster event published before this call has been applied,
     * so a decision sees, e.g., a scale-up the agent reported just before the pod creations. Gives up
     * after {@code timeout} and answers false (the decision then uses what is known).
     */
    public boolean awaitApplied(Duration timeout) {
        long arrived = System.nanoTime();
        long deadline = arrived + timeout.toNanos();
        Map<Integer, Long> target;
        try {
            target = endOffsetsReadAfter(arrived, timeout);
        } catch (RuntimeException e) {
            log.debug("cannot read the end offsets of {}: {}", TOPIC, e.toString());
            return false;
        }
        if (target == null) {
            return false;
        }
        synchronized (progress) {
            while (true) {
                boolean reached = caughtUp && target.entrySet().stream()
                        .allMatch(e -> applied.getOrDefault(e.getKey(), 0L) >= e.getValue());
                if (reached) {
                    return true;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    progress.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
    }

    /**
     * The end offsets as read by a request that started at or after {@code arrived}: concurrent
     * admissions share one read instead of each asking the broker.
     */
    private synchronized Map<Integer, Long> endOffsetsReadAfter(long arrived, Duration timeout) {
        if (offsetReader == null) {
            return null;
        }
        if (lastEndOffsets != null && lastEndOffsetsStarted >= arrived) {
            return lastEndOffsets;
        }
        long started = System.nanoTime();
        List<TopicPartition> partitions = processed.keySet().stream().map(p -> new TopicPartition(TOPIC, p)).toList();
        if (!partitions.equals(readerAssignment)) {
            offsetReader.assign(partitions);
            readerAssignment = partitions;
        }
        Map<Integer, Long> read = new HashMap<>();
        offsetReader.endOffsets(partitions, timeout).forEach((p, end) -> read.put(p.partition(), end));
        lastEndOffsets = read;
        lastEndOffsetsStarted = started;
        return read;
    }

    @Override
    public void stop() {
        running = false;
        io.meridian.command.kafka.ConsumerThreads.stop(consumer, worker);
        memberReports.stop();
        synchronized (this) {
            if (offsetReader != null) {
                offsetReader.close();
                offsetReader = null;
            }
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
