package io.meridian.gateway.applier;

import io.meridian.schemas.Decoded;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Mutation;
import io.meridian.schemas.MutationResult;
import io.meridian.schemas.Topics;
import io.meridian.schemas.kafka.DeadLetters;
import io.meridian.schemas.kafka.PollRecovery;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Consumes {@code meridian.mutations} and applies each mutation to its cluster, in order per aggregate and cluster
 * ({@link ApplyLanes}: an unreachable cluster holds back only its own mutations: the records waiting for
 * it are parked in its lanes and do not count towards pausing the partition it shares with healthy clusters). Each
 * final result goes to {@code meridian.mutation-results} with an idempotent producer without holding the lane
 * (the producer keeps a cluster's results in order), and a record's offset is committed only after its result is
 * acknowledged. A record that does not decode goes to {@code meridian.mutations.dlq} with the reason in header
 * {@value DeadLetters#REASON_HEADER}. Kafka out of reach for a while does not stop it: it goes on from the first record not yet
 * handed to a lane ({@link PollRecovery}), and offsets a failed commit left are committed with the next ones.
 */
public final class MutationApplier implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(MutationApplier.class);
    /**
     * How long mutations waited (from their publication, as the record's timestamp gives it, until a lane started them)
     * and took (until their final result, retries included), per mutation type.
     */
    public static final String WAIT_TIMER = "meridian.applier.wait";
    public static final String APPLY_TIMER = "meridian.applier.apply";

    public record Settings(String bootstrapServers, String group, int maxPendingPerPartition, int lanesPerCluster,
                           int sharedExtraLanes) {
    }

    /**
     * How many times {@code maxPendingPerPartition} a partition may hold in all (done but behind a parked record,
     * or parked) before it is paused all the same: what bounds memory during a long outage.
     */
    static final int MAX_HELD_FACTOR = 20;
    private static final long FIRST_REPUBLISH_PAUSE_MS = 500;

    private final Settings settings;
    private final RetryingApplier applier;
    private final Clock clock;
    private final MeterRegistry metrics;
    private final OffsetTracker offsets = new OffsetTracker();
    /** Offsets to commit: those done since the last commit, and any a failed commit left. */
    private final Map<TopicPartition, OffsetAndMetadata> toCommit = new HashMap<>();
    private final ApplyTimers timers;
    private final ApplyLanes lanes;
    private final ScheduledExecutorService republish = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "apply-results-retry");
        thread.setDaemon(true);
        return thread;
    });
    private final Set<TopicPartition> paused = new HashSet<>();
    /** Clusters whose lane waits for them to answer again (reported Unreachable, no final result since). */
    private final Set<String> unreachable = ConcurrentHashMap.newKeySet();
    private volatile KafkaConsumer<String, String> consumer;
    private volatile KafkaProducer<String, String> producer;
    private volatile Thread worker;
    private volatile boolean running;

    public MutationApplier(Settings settings, RetryingApplier applier, Clock clock, MeterRegistry metrics,
                           Expectations expectations) {
        this.settings = settings;
        this.applier = applier;
        this.clock = clock;
        this.metrics = metrics;
        this.lanes = new ApplyLanes(settings.lanesPerCluster(), settings.sharedExtraLanes());
        this.timers = new ApplyTimers(metrics);
        Gauge.builder("meridian.applier.inflight", expectations, Expectations::inFlight)
                .description("Mutations being written to member clusters").register(metrics);
        Gauge.builder("meridian.applier.oldest.inflight", expectations, e -> e.oldestAge().toMillis() / 1000.0)
                .description("Age in seconds of the oldest mutation in flight").baseUnit("seconds").register(metrics);
    }

    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        // results linger 20 ms (Kafka's default: 5): a member's burst of writes reports in half as many requests
        producer = new KafkaProducer<>(Map.of("bootstrap.servers", settings.bootstrapServers(), "acks", "all",
                "enable.idempotence", "true", "linger.ms", "20", "compression.type", Topics.COMPRESSION,
                "max.request.size", Topics.MAX_RECORD_BYTES), new StringSerializer(), new StringSerializer());
        consumer = new KafkaConsumer<>(Map.of("bootstrap.servers", settings.bootstrapServers(),
                "group.id", settings.group(), "enable.auto.commit", "false", "auto.offset.reset", "earliest",
                "isolation.level", "read_committed", "max.poll.records", "200"),
                new StringDeserializer(), new StringDeserializer());
        worker = new Thread(this::run, "mutation-applier");
        worker.start();
    }

    public boolean isRunning() {
        return running && worker != null && worker.isAlive();
    }

    private void run() {
        try {
            consumer.subscribe(List.of(Topics.MUTATIONS), new CommitOnRevoke());
            PollRecovery recovery = new PollRecovery("the mutation applier", () -> running);
            while (running) {
                recovery.attempt(consumer, () -> consumeOnce(recovery));
            }
        } catch (WakeupException stopping) {
            // close() woke the consumer up
        } catch (RuntimeException e) {
            log.error("the mutation applier stopped", e);
        } finally {
            try {
                producer.flush(); // the results sent by then move their offsets before the last commit
                commitDone();
            } catch (RuntimeException e) {
                log.warn("final offset commit failed: {}", e.getMessage());
            }
            consumer.close();
        }
    }

    /** One poll: its mutations handed to their lanes, the offsets of those done committed, full partitions held. */
    private void consumeOnce(PollRecovery recovery) {
        ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(200));
        recovery.polled(records);
        for (ConsumerRecord<String, String> record : records) {
            accept(record);
            recovery.handled(record);
        }
        commitDone();
        pauseOrResume();
    }

    private void accept(ConsumerRecord<String, String> record) {
        TopicPartition partition = new TopicPartition(record.topic(), record.partition());
        Decoded<Mutation> decoded = MessageCodec.MUTATION.decode(record.value());
        if (decoded instanceof Decoded.Rejected<Mutation> rejected) {
            offsets.received(partition, record.offset());
            deadLetter(record, rejected.reason());
            offsets.done(partition, record.offset());
            return;
        }
        Mutation mutation = ((Decoded.Accepted<Mutation>) decoded).message();
        offsets.received(partition, record.offset(), mutation.cluster());
        long publishedAt = record.timestamp();
        lanes.submit(mutation.cluster(), mutation.aggregateId(),
                () -> applyAndReport(mutation, partition, record.offset(), publishedAt));
    }

    private void applyAndReport(Mutation mutation, TopicPartition partition, long offset, long publishedAt) {
        try (MDC.MDCCloseable c = MDC.putCloseable("cluster", mutation.cluster());
             MDC.MDCCloseable o = MDC.putCloseable("object", Targets.describe(mutation.target()));
             MDC.MDCCloseable m = MDC.putCloseable("mutationId", mutation.mutationId());
             MDC.MDCCloseable d = MDC.putCloseable("decisionId", mutation.decisionId())) {
            long started = clock.millis();
            timers.waited(mutation.type(), publishedAt, started);
            ApplyResult result = applier.apply(mutation, interim -> publishInterim(mutation, interim));
            timers.applied(mutation.type(), started, clock.millis());
            unreachable.remove(mutation.cluster());
            publishFinal(mutation, result, partition, offset, FIRST_REPUBLISH_PAUSE_MS);
            log.info("{} {}: {} ({})", mutation.type().wire(), mutation.mutationId(), result.outcome().wire(), result.detail());
        } catch (InterruptedException e) {
            // stopped: the offset stays uncommitted and the record is applied again (a Noop if it had converged)
            Thread.currentThread().interrupt();
            log.info("stopped before the result of {} was published; it will be redelivered", mutation.mutationId());
        }
    }

    private void publishInterim(Mutation mutation, ApplyResult result) {
        if (result.outcome() == MutationResult.Outcome.UNREACHABLE) {
            unreachable.add(mutation.cluster());
        }
        try {
            publish(mutation, result);
        } catch (RuntimeException e) {
            log.warn("cannot publish the interim {} of {}: {}", result.outcome().wire(), mutation.mutationId(), e.getMessage());
        }
    }

    /**
     * The final result must reach Kafka before the offset moves: the offset is done in the send's callback, and a
     * send that failed is made again after a growing pause (from another thread: the lane goes on meanwhile).
     */
    private void publishFinal(Mutation mutation, ApplyResult result, TopicPartition partition, long offset, long pause) {
        try {
            producer.send(resultRecord(mutation, result), (metadata, error) -> {
                if (error == null) {
                    offsets.done(partition, offset);
                    countResult(mutation, result);
                } else {
                    republishLater(mutation, result, partition, offset, pause, error);
                }
            });
        } catch (RuntimeException e) {
            republishLater(mutation, result, partition, offset, pause, e);
        }
    }

    private void republishLater(Mutation mutation, ApplyResult result, TopicPartition partition, long offset, long pause,
                                Exception error) {
        if (!running) {
            return; // the offset stays uncommitted: the record is applied again after a restart
        }
        log.error("cannot publish the result of {}; retrying in {} ms", mutation.mutationId(), pause, error);
        republish.schedule(() -> publishFinal(mutation, result, partition, offset, Math.min(pause * 2, 30_000)), pause,
                TimeUnit.MILLISECONDS);
    }

    private void publish(Mutation mutation, ApplyResult result) {
        send(resultRecord(mutation, result));
        countResult(mutation, result);
    }

    private ProducerRecord<String, String> resultRecord(Mutation mutation, ApplyResult result) {
        MutationResult message = new MutationResult(MutationResult.SCHEMA_VERSION, mutation.mutationId(), mutation.cluster(),
                clock.instant(), result.outcome(), result.detail());
        return new ProducerRecord<>(Topics.MUTATION_RESULTS, mutation.cluster(), MessageCodec.MUTATION_RESULT.encode(message));
    }

    private void countResult(Mutation mutation, ApplyResult result) {
        Counter.builder("meridian.applier.results").description("Results of applied mutations")
                .tags("type", mutation.type().wire(), "outcome", result.outcome().wire()).register(metrics).increment();
    }

    private void deadLetter(ConsumerRecord<String, String> record, String reason) {
        DeadLetters.send(producer, record, reason);
        Counter.builder("meridian.applier.dead.letters").description("Mutation records moved to the dead-letter topic")
                .register(metrics).increment();
    }

    private void send(ProducerRecord<String, String> record) {
        try {
            producer.send(record).get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing to " + record.topic(), e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot publish to " + record.topic(), e);
        }
    }

    /** Commits the offsets done since the last commit, and those a failed commit left (kept until one succeeds). */
    private void commitDone() {
        offsets.committable().forEach((partition, offset) -> toCommit.put(partition, new OffsetAndMetadata(offset)));
        if (toCommit.isEmpty()) {
            return;
        }
        consumer.commitSync(toCommit);
        toCommit.clear();
    }

    /**
     * Holds back a partition whose healthy clusters have too many records in flight, or that holds too many
     * records in all (behind an unreachable cluster's parked ones), so that memory stays bounded.
     */
    private void pauseOrResume() {
        List<TopicPartition> toPause = new ArrayList<>();
        List<TopicPartition> toResume = new ArrayList<>();
        int max = settings.maxPendingPerPartition();
        for (TopicPartition partition : consumer.assignment()) {
            int inFlight = offsets.inFlight(partition, unreachable);
            int held = offsets.pending(partition);
            if ((inFlight >= max || held >= max * MAX_HELD_FACTOR) && paused.add(partition)) {
                toPause.add(partition);
            } else if (inFlight < max / 2 && held < max * MAX_HELD_FACTOR / 2 && paused.remove(partition)) {
                toResume.add(partition);
            }
        }
        if (!toPause.isEmpty()) {
            consumer.pause(toPause);
        }
        if (!toResume.isEmpty()) {
            consumer.resume(toResume);
        }
    }

    private final class CommitOnRevoke implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            try {
                commitDone();
            } finally {
                // what was not committed is read again by the partition's next owner
                partitions.forEach(partition -> {
                    offsets.forget(partition);
                    toCommit.remove(partition);
                });
                paused.removeAll(partitions);
            }
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            // reading resumes from the committed offsets
        }
    }

    @Override
    public synchronized void close() {
        if (!running) {
            return;
        }
        running = false;
        if (consumer != null) {
            consumer.wakeup();
        }
        republish.shutdownNow();
        try {
            lanes.stop();
            if (worker != null) {
                worker.join(10_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
        }
    }
}
