package io.meridian.bench.federation;

import io.meridian.cli.KafkaRequests;
import io.meridian.cli.PostgresActivity;
import io.meridian.cli.ThreadAllocations;
import io.meridian.cli.ThreadSwitches;
import io.meridian.standalone.StandaloneRuntime;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;

/**
 * What the pipeline wrote between two moments: records per Kafka topic (end offsets) and events per type in the
 * command-service's event store, with their bytes (the topics' log sizes, the events' serialized payloads). Divided
 * by the workloads a benchmark moved, it says how many records one of them costs, and how large they are, which is
 * where CPU per workload goes.
 */
final class PipelineCounts {
    /** How many records and how many bytes in all. */
    private record Written(long records, long bytes) {
        Written minus(Written before) {
            return before == null ? this : new Written(records - before.records, bytes - before.bytes);
        }
    }

    private final Map<String, Written> records;
    private final long cpuNanos;
    private final ThreadCpu threads;
    private final long postgresCpuNanos;
    private final MachineCpu machine;
    private final Optional<ThreadSwitches.Snapshot> switches;
    private final Optional<ThreadAllocations.Snapshot> allocated;
    private final KafkaRequests requests;
    private final PostgresActivity database;

    private PipelineCounts(Map<String, Written> records, long cpuNanos, ThreadCpu threads, long postgresCpuNanos,
                           MachineCpu machine, Optional<ThreadSwitches.Snapshot> switches,
                           Optional<ThreadAllocations.Snapshot> allocated, KafkaRequests requests, PostgresActivity database) {
        this.records = records;
        this.cpuNanos = cpuNanos;
        this.threads = threads;
        this.postgresCpuNanos = postgresCpuNanos;
        this.machine = machine;
        this.switches = switches;
        this.allocated = allocated;
        this.requests = requests;
        this.database = database;
    }

    /**
     * The CPU times first, then the counts: counting asks Kafka and PostgreSQL and takes seconds on a loaded machine,
     * and CPU read after it would leave the start of a failover out of the window (as it did up to session 15). The
     * whole process's, the machine's and PostgreSQL's right after one another, the threads' last: reading thousands of
     * threads takes long enough on a loaded machine to shift a window read after it (session 23: the machine's).
     */
    static PipelineCounts take(StandaloneRuntime runtime) {
        long cpu = processCpuNanos();
        // before the other readings: reading every thread's CPU and switches allocates on this thread, the window's end
        Optional<ThreadAllocations.Snapshot> allocated = ThreadAllocations.now();
        MachineCpu machine = MachineCpu.take();
        long postgres = PostgresCpu.nanos();
        ThreadCpu threads = ThreadCpu.take();
        Optional<ThreadSwitches.Snapshot> switches = ThreadSwitches.now();
        KafkaRequests requests = KafkaRequests.take();
        PostgresActivity database = PostgresActivity.take(runtime.postgres(), StandaloneRuntime.COMMAND_DATABASE,
                StandaloneRuntime.PROJECTION_DATABASE);
        Map<String, Written> counts = new TreeMap<>();
        kafkaTopics(runtime.kafkaBootstrap()).forEach((topic, n) -> counts.put("kafka " + topic, n));
        eventStoreCounts(runtime).forEach((type, n) -> counts.put("event " + type, n));
        return new PipelineCounts(counts, cpu, threads, postgres, machine, switches, allocated, requests, database);
    }

    /** The same counts with the CPU times read now: the counts' window and the CPU's can start apart. */
    PipelineCounts withCpuNow() {
        long cpu = processCpuNanos();
        MachineCpu machine = MachineCpu.take();
        long postgres = PostgresCpu.nanos();
        ThreadCpu threads = ThreadCpu.take();
        return new PipelineCounts(records, cpu, threads, postgres, machine, ThreadSwitches.now(), ThreadAllocations.now(),
                requests, database);
    }

    /**
     * One line per counter that grew since {@code before}, with its growth per workload; on Linux, then, the
     * runtime's context switches per workload as one JSON line ({@code "<bench>-switches"}): hand-offs between
     * threads, a count that moves far less with the machine's speed of the day than any CPU time; last, the heap its
     * threads allocated per workload ({@code "<bench>-allocation"}).
     */
    String since(PipelineCounts before, String bench, int workloads) {
        double cpuMillis = (cpuNanos - before.cpuNanos) / 1e6;
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "JVM CPU (services, Kafka, simulated clusters; not PostgreSQL): %.1f s, %.2f ms per workload%n",
                cpuMillis / 1000, cpuMillis / workloads));
        double childMillis = (postgresCpuNanos - before.postgresCpuNanos) / 1e6;
        out.append(String.format(Locale.ROOT, "PostgreSQL CPU (every postgres process): %.1f s, %.2f ms per workload%n",
                childMillis / 1000, childMillis / workloads));
        out.append(machine.since(before.machine)).append(System.lineSeparator());
        out.append(threads.since(before.threads, cpuNanos - before.cpuNanos, 25)).append(System.lineSeparator());
        out.append("records written, in all and per workload, and their mean size:");
        Set<String> names = new TreeSet<>(records.keySet());
        for (String name : names) {
            Written grown = records.get(name).minus(before.records.get(name));
            if (grown.records() > 0) {
                out.append(String.format(Locale.ROOT, "%n  %-60s %9d %8.2f %10.0f B", name, grown.records(),
                        grown.records() / (double) workloads, grown.bytes() / (double) grown.records()));
            }
        }
        for (String counted : List.of(requests.since(before.requests, "workload", workloads),
                database.since(before.database, "workload", workloads))) {
            if (!counted.isEmpty()) {
                out.append(System.lineSeparator()).append(counted);
            }
        }
        if (switches.isPresent() && before.switches.isPresent()) {
            out.append(System.lineSeparator()).append(ThreadSwitches.between(before.switches.get(), switches.get())
                    .json(bench, "workload", workloads, 12));
        }
        if (allocated.isPresent() && before.allocated.isPresent()) {
            out.append(System.lineSeparator()).append(ThreadAllocations.between(before.allocated.get(), allocated.get())
                    .json(bench, "workload", workloads, 12));
        }
        return out.toString();
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** Per topic: the records (end offsets summed over partitions) and the bytes of its partitions' logs. */
    private static Map<String, Written> kafkaTopics(String bootstrap) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (Admin admin = Admin.create(p)) {
            Set<String> topics = admin.listTopics().names().get();
            Map<TopicPartition, OffsetSpec> latest = admin.describeTopics(topics).allTopicNames().get().values().stream()
                    .flatMap(d -> d.partitions().stream().map(part -> new TopicPartition(d.name(), part.partition())))
                    .collect(Collectors.toMap(tp -> tp, tp -> OffsetSpec.latest()));
            Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends = admin.listOffsets(latest).all().get();
            Map<String, Long> recordsByTopic = new HashMap<>();
            ends.forEach((tp, info) -> recordsByTopic.merge(tp.topic(), info.offset(), Long::sum));
            Map<String, Long> bytesByTopic = new HashMap<>();
            List<Integer> brokers = admin.describeCluster().nodes().get().stream().map(Node::id).toList();
            admin.describeLogDirs(brokers).allDescriptions().get().values().forEach(dirs -> dirs.values()
                    .forEach(dir -> dir.replicaInfos().forEach((tp, replica) ->
                            bytesByTopic.merge(tp.topic(), replica.size(), Long::sum))));
            Map<String, Written> byTopic = new HashMap<>();
            recordsByTopic.forEach((topic, n) -> byTopic.put(topic, new Written(n, bytesByTopic.getOrDefault(topic, 0L))));
            return byTopic;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading Kafka's offsets", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot read Kafka's offsets: " + e.getCause(), e.getCause());
        }
    }

    private static Map<String, Written> eventStoreCounts(StandaloneRuntime runtime) {
        String sql = "select payloadtype, count(*), coalesce(sum(length(payload)), 0) from domainevententry group by payloadtype";
        Map<String, Written> byType = new HashMap<>();
        try (Connection c = runtime.postgres().dataSource(StandaloneRuntime.COMMAND_DATABASE).getConnection();
                Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                String type = rs.getString(1);
                byType.put(type.substring(type.lastIndexOf('.') + 1), new Written(rs.getLong(2), rs.getLong(3)));
            }
            return byType;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot count the event store's events: " + e.getMessage(), e);
        }
    }
}
