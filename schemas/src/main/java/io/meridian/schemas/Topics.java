package io.meridian.schemas;

/** The Kafka topics and their dead-letter companions. All keys are strings. */
public final class Topics {
    /** cluster-agent → command-service; key {@code cluster/namespace/kind/name}. */
    public static final String CLUSTER_EVENTS = "meridian.cluster-events";
    /** command-service → webhook-gateway; key: target cluster. */
    public static final String MUTATIONS = "meridian.mutations";
    /** webhook-gateway → command-service; key: target cluster. */
    public static final String MUTATION_RESULTS = "meridian.mutation-results";
    /** command-service → projection-service; key: aggregate id. */
    public static final String DOMAIN_EVENTS = "meridian.domain-events";

    /**
     * The largest record a producer sends, before compression (its {@code max.request.size}). Producers compress
     * ({@link #COMPRESSION}), so a record carrying an object Kubernetes can store (1.5 MiB at most) stays far below the broker's
     * default 1 MiB per batch; the producers' own default (1 MiB uncompressed) refused a WorkloadRebalancer's status
     * for 5,000 workloads.
     */
    public static final int MAX_RECORD_BYTES = 8 * 1024 * 1024;

    /**
     * The compression every producer uses. zstd, not lz4: Kafka's LZ4 stream allocates two 64 KB arrays for every
     * batch it opens (one per partition and send), most of what a producer of small records allocates, where its zstd
     * stream takes recycled buffers (docs/benchmarks.md, Issue 3 and Issue 4, session 44).
     */
    public static final String COMPRESSION = "zstd";

    private Topics() {
    }

    /** Where a consumer of {@code topic} moves a record it cannot parse or validate. */
    public static String deadLetter(String topic) {
        return topic + ".dlq";
    }
}
