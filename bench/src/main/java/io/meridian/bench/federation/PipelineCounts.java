package io.meridian.bench.federation;

import io.meridian.standalone.StandaloneRuntime;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
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
import org.apache.kafka.common.TopicPartition;

/**
 * What the pipeline wrote between two moments: records per Kafka topic (end offsets) and events per type in the
 * command-service's event store. Divided by the workloads a benchmark moved, it says how many records one of them
 * costs, which is where CPU per workload goes.
 */
final class PipelineCounts {
    private final Map<String, Long> records;
    private final long cpuNanos;
    private final ThreadCpu threads;
    private final long postgresCpuNanos;

    private PipelineCounts(Map<String, Long> records, long cpuNanos, ThreadCpu threads, long postgresCpuNanos) {
        this.records = records;
        this.cpuNanos = cpuNanos;
        this.threads = threads;
        this.postgresCpuNanos = postgresCpuNanos;
    }

    static PipelineCounts take(StandaloneRuntime runtime) {
        Map<String, Long> counts = new TreeMap<>();
        kafkaEndOffsets(runtime.kafkaBootstrap()).forEach((topic, n) -> counts.put("kafka " + topic, n));
        eventStoreCounts(runtime).forEach((type, n) -> counts.put("event " + type, n));
        return new PipelineCounts(counts, processCpuNanos(), ThreadCpu.take(), PostgresCpu.nanos());
    }

    /** One line per counter that grew since {@code before}, with its growth per workload. */
    String since(PipelineCounts before, int workloads) {
        double cpuMillis = (cpuNanos - before.cpuNanos) / 1e6;
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "JVM CPU (services, Kafka, simulated clusters; not PostgreSQL): %.1f s, %.2f ms per workload%n",
                cpuMillis / 1000, cpuMillis / workloads));
        double childMillis = (postgresCpuNanos - before.postgresCpuNanos) / 1e6;
        out.append(String.format(Locale.ROOT, "PostgreSQL CPU (every postgres process): %.1f s, %.2f ms per workload%n",
                childMillis / 1000, childMillis / workloads));
        out.append(threads.since(before.threads, cpuNanos - before.cpuNanos, 25)).append(System.lineSeparator());
        out.append("records written, in all and per workload:");
        Set<String> names = new TreeSet<>(records.keySet());
        for (String name : names) {
            long grown = records.get(name) - before.records.getOrDefault(name, 0L);
            if (grown > 0) {
                out.append(String.format(Locale.ROOT, "%n  %-60s %9d %8.2f", name, grown, grown / (double) workloads));
            }
        }
        return out.toString();
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static Map<String, Long> kafkaEndOffsets(String bootstrap) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (Admin admin = Admin.create(p)) {
            Set<String> topics = admin.listTopics().names().get();
            Map<TopicPartition, OffsetSpec> latest = admin.describeTopics(topics).allTopicNames().get().values().stream()
                    .flatMap(d -> d.partitions().stream().map(part -> new TopicPartition(d.name(), part.partition())))
                    .collect(Collectors.toMap(tp -> tp, tp -> OffsetSpec.latest()));
            Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends = admin.listOffsets(latest).all().get();
            Map<String, Long> byTopic = new HashMap<>();
            ends.forEach((tp, info) -> byTopic.merge(tp.topic(), info.offset(), Long::sum));
            return byTopic;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading Kafka's offsets", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot read Kafka's offsets: " + e.getCause(), e.getCause());
        }
    }

    private static Map<String, Long> eventStoreCounts(StandaloneRuntime runtime) {
        String sql = "select payloadtype, count(*) from domainevententry group by payloadtype";
        Map<String, Long> byType = new HashMap<>();
        try (Connection c = runtime.postgres().dataSource(StandaloneRuntime.COMMAND_DATABASE).getConnection();
                Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                String type = rs.getString(1);
                byType.put(type.substring(type.lastIndexOf('.') + 1), rs.getLong(2));
            }
            return byType;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot count the event store's events: " + e.getMessage(), e);
        }
    }
}
