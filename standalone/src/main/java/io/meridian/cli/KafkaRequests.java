package io.meridian.cli;

import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.TreeMap;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Kafka requests: those the in-process broker has answered, by request type (its {@code RequestsPerSec} meters,
 * summed over the request versions), then the produce and fetch requests each client counted itself (clients that
 * closed meanwhile are missing). Per workload or admission they say how well the pipeline's clients batch, a count
 * that does not move with the machine's speed of the day the way CPU times do.
 */
public final class KafkaRequests {
    private static final String METERS = "kafka.network:type=RequestMetrics,name=RequestsPerSec,*";
    private static final String PRODUCERS = "kafka.producer:type=producer-metrics,*";
    private static final String FETCHERS = "kafka.consumer:type=consumer-fetch-manager-metrics,*";
    private final Map<String, Long> byType;

    private KafkaRequests(Map<String, Long> byType) {
        this.byType = byType;
    }

    public static KafkaRequests take() {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        Map<String, Long> counts = new TreeMap<>();
        try {
            for (ObjectName meter : server.queryNames(new ObjectName(METERS), null)) {
                String type = meter.getKeyProperty("request");
                Object count = server.getAttribute(meter, "Count");
                if (type != null && count instanceof Number n) {
                    counts.merge(type, n.longValue(), Long::sum);
                }
            }
            clients(server, PRODUCERS, "request-total", "Produce by ", counts);
            clients(server, FETCHERS, "fetch-total", "Fetch by ", counts);
        } catch (JMException e) {
            throw new IllegalStateException("cannot read the broker's request meters: " + e.getMessage(), e);
        }
        return new KafkaRequests(counts);
    }

    /** Each client's own count of its requests, its id's numbers taken out (a hundred agents are one line). */
    private static void clients(MBeanServer server, String pattern, String attribute, String prefix,
                                Map<String, Long> counts) throws JMException {
        for (ObjectName client : server.queryNames(new ObjectName(pattern), null)) {
            String id = client.getKeyProperty("client-id");
            if (id != null && !client.getKeyPropertyList().containsKey("topic")
                    && server.getAttribute(client, attribute) instanceof Number n) {
                counts.merge(prefix + id.replaceAll("\\d+", "N"), (long) n.doubleValue(), Long::sum);
            }
        }
    }

    /**
     * One line per request type and client that grew since {@code before}, with its count per {@code unit} (a
     * workload moved, an admission); empty when nothing grew (no broker in this process).
     */
    public String since(KafkaRequests before, String unit, long count) {
        return GrownCounts.lines("Kafka requests (the broker's by type, then by client), in all and per " + unit + ":",
                byType, before.byType, count, 2);
    }
}
