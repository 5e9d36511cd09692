package io.meridian.bench.federation;

import io.meridian.schemas.Decoded;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Mutation;
import io.meridian.schemas.MutationResult;
import io.meridian.schemas.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Where a failover's time goes: reads the binding decisions ({@code meridian.domain-events}), the mutations and
 * their results published since the cut, once the failover is over, each with the time Kafka stamped on its record,
 * and tells per stage (committed, decision published, mutation published, applied by the gateway, seen in the member)
 * how long after the declaration each workload got there, and how much work the failover caused per workload.
 */
final class FailoverStages implements AutoCloseable {
    private record Stamped(String topic, String value, long timestampMillis) {
    }

    /** A workload and the member its replicas fail over to. */
    record Workload(String name, String survivor) {
    }

    /** How long reading what the failover published may take before the bench gives up. */
    private static final Duration READ_LIMIT = Duration.ofSeconds(60);
    private static final List<String> TOPIC_ORDER = List.of(Topics.DOMAIN_EVENTS, Topics.MUTATIONS,
            Topics.MUTATION_RESULTS);
    private final KafkaConsumer<String, String> consumer;
    private final List<TopicPartition> partitions = new ArrayList<>();
    private final List<Stamped> records = new ArrayList<>();

    private FailoverStages(String bootstrap) {
        consumer = new KafkaConsumer<>(Map.of("bootstrap.servers", bootstrap, "enable.auto.commit", "false",
                "max.poll.records", "2000"), new StringDeserializer(), new StringDeserializer());
        for (String topic : TOPIC_ORDER) {
            consumer.partitionsFor(topic).forEach(p -> partitions.add(new TopicPartition(p.topic(), p.partition())));
        }
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position);
    }

    /**
     * Remembers where the topics end now; nothing is read until {@link #report}, so the bench takes no CPU from the
     * failover it measures for this (the records keep the time Kafka stamped on them).
     */
    static FailoverStages from(String bootstrap) {
        return new FailoverStages(bootstrap);
    }

    /** Reads every record published since {@link #from} up to the topics' present ends. */
    private void readUpToNow() {
        Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
        long deadline = System.nanoTime() + READ_LIMIT.toNanos();
        while (ends.entrySet().stream().anyMatch(e -> consumer.position(e.getKey()) < e.getValue())) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("could not read the failover's records within " + READ_LIMIT);
            }
            for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(100))) {
                records.add(new Stamped(record.topic(), record.value(), record.timestamp()));
            }
        }
    }

    /**
     * Lines describing the stages: per stage the p50/p99 after {@code declaredMillis}, then the work counted.
     * {@code seenMillis} gives, per workload, when the bench saw its survivor's copy hold every replica.
     */
    List<String> report(List<Workload> workloads, long declaredMillis, Function<Workload, Long> seenMillis,
                        Map<String, Long> committedMillis, long syncs) {
        readUpToNow();
        Map<String, Long> started = new HashMap<>();
        Map<String, Long> decisionPublished = new HashMap<>();
        Map<String, Long> mutationPublished = new HashMap<>();
        Map<String, String> mutationOf = new HashMap<>();
        Map<String, Long> applied = new HashMap<>();
        Map<String, Integer> eventTypes = new TreeMap<>();
        Map<String, Integer> mutationTypes = new TreeMap<>();
        Map<String, Integer> outcomes = new TreeMap<>();
        Map<String, Long> survivorOf = new HashMap<>();
        workloads.forEach(w -> survivorOf.put(w.name() + "@" + w.survivor(), 0L));
        // read together, the topics' records come in any order: a mutation must be seen before its result
        records.sort(Comparator.comparingInt(r -> TOPIC_ORDER.indexOf(r.topic())));
        for (Stamped record : records) {
            if (Topics.DOMAIN_EVENTS.equals(record.topic())
                    && MessageCodec.DOMAIN_EVENT.decode(record.value()) instanceof Decoded.Accepted<DomainEvent> e) {
                DomainEvent event = e.message();
                eventTypes.merge(event.type(), 1, Integer::sum);
                if ("BindingScheduled".equals(event.type())) {
                    String name = event.aggregateId().substring(event.aggregateId().lastIndexOf('/') + 1);
                    decisionPublished.putIfAbsent(name, record.timestampMillis());
                    started.putIfAbsent(name, event.occurredAt().toEpochMilli());
                }
            } else if (Topics.MUTATIONS.equals(record.topic())
                    && MessageCodec.MUTATION.decode(record.value()) instanceof Decoded.Accepted<Mutation> m) {
                Mutation mutation = m.message();
                mutationTypes.merge(mutation.type().wire() + " to " + role(mutation.cluster(), mutation, survivorOf), 1,
                        Integer::sum);
                String key = mutation.target().name() + "@" + mutation.cluster();
                if (survivorOf.containsKey(key) && !mutationPublished.containsKey(key)) {
                    mutationPublished.put(key, record.timestampMillis());
                    mutationOf.put(mutation.mutationId(), key);
                }
            } else if (Topics.MUTATION_RESULTS.equals(record.topic())
                    && MessageCodec.MUTATION_RESULT.decode(record.value()) instanceof Decoded.Accepted<MutationResult> r) {
                outcomes.merge(r.message().outcome().wire(), 1, Integer::sum);
                String key = mutationOf.get(r.message().mutationId());
                if (key != null && r.message().outcome() != MutationResult.Outcome.UNREACHABLE) {
                    applied.putIfAbsent(key, record.timestampMillis());
                }
            }
        }
        List<Long> startedAt = new ArrayList<>();
        List<Long> committedAt = new ArrayList<>();
        List<Long> decisionPublishedAt = new ArrayList<>();
        List<Long> mutationPublishedAt = new ArrayList<>();
        List<Long> appliedAt = new ArrayList<>();
        List<Long> seenAt = new ArrayList<>();
        for (Workload w : workloads) {
            String key = w.name() + "@" + w.survivor();
            add(startedAt, started.get(w.name()), declaredMillis);
            add(committedAt, committedMillis.get(w.name()), declaredMillis);
            add(decisionPublishedAt, decisionPublished.get(w.name()), declaredMillis);
            add(mutationPublishedAt, mutationPublished.get(key), declaredMillis);
            add(appliedAt, applied.get(key), declaredMillis);
            add(seenAt, seenMillis.apply(w), declaredMillis);
        }
        int n = workloads.size();
        List<String> lines = new ArrayList<>();
        lines.add("stages after the declaration (p50 / p99 / max ms, count): sync started " + describe(startedAt)
                + "; decision committed " + describe(committedAt) + "; decision published " + describe(decisionPublishedAt)
                + "; mutation published " + describe(mutationPublishedAt) + "; applied " + describe(appliedAt)
                + "; seen in the member " + describe(seenAt));
        lines.add(String.format(Locale.ROOT, "work during the failover: %d binding syncs (%.2f per workload); events %s;"
                + " mutations %s; results %s", syncs, syncs / (double) n, eventTypes, mutationTypes, outcomes));
        return lines;
    }

    private static String role(String cluster, Mutation mutation, Map<String, Long> survivorOf) {
        if (survivorOf.containsKey(mutation.target().name() + "@" + cluster)) {
            return "survivor";
        }
        return FleetShape.memberName(0).equals(cluster) ? "victim" : cluster;
    }

    private static void add(List<Long> to, Long millis, long declaredMillis) {
        if (millis != null && millis > 0) {
            to.add(Math.max(0, millis - declaredMillis) * 1_000_000L);
        }
    }

    private static String describe(List<Long> nanos) {
        Percentiles p = new Percentiles(nanos.stream().mapToLong(Long::longValue).toArray());
        return String.format(Locale.ROOT, "%.0f / %.0f / %.0f (%d)", p.millis(50), p.millis(99), p.millis(100), p.count());
    }

    @Override
    public void close() {
        consumer.close();
    }
}
