package io.meridian.command.federation.api;

/**
 * Marker for the binding aggregate's messages: one binding per resource template (a workload in the
 * host cluster selected by a PropagationPolicy), dividing its replicas over member clusters.
 */
public final class BindingApi {
    public static final String AGGREGATE_TYPE = "Binding";

    private BindingApi() {
    }

    /**
     * {@code binding:namespace/kind/name}. Axon's event store keys events by aggregate id alone, so every
     * aggregate type has its own prefix.
     */
    public static String aggregateId(String namespace, String kind, String name) {
        return "binding:" + namespace + "/" + kind + "/" + name;
    }
}
