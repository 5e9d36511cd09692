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

    private Topics() {
    }

    /** Where a consumer of {@code topic} moves a record it cannot parse or validate. */
    public static String deadLetter(String topic) {
        return topic + ".dlq";
    }
}
