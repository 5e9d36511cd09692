package io.meridian.standalone;

import io.meridian.agent.EventSink;
import io.meridian.schemas.ClusterEvent;
import java.util.function.BooleanSupplier;

/**
 * The agent's link to the control plane in the simulation: while its cluster is unreachable, nothing the agent
 * reports gets through (no heartbeat, so the member turns Unreachable). The agent runs in this process and would
 * otherwise keep reaching Kafka; its API connection is cut by the cluster's proxy. After recovery its watches
 * reconnect and it republishes everything it knows.
 */
final class CutOffSink implements EventSink {
    private final EventSink sink;
    private final BooleanSupplier cutOff;

    CutOffSink(EventSink sink, BooleanSupplier cutOff) {
        this.sink = sink;
        this.cutOff = cutOff;
    }

    @Override
    public void publish(ClusterEvent event) {
        if (!cutOff.getAsBoolean()) {
            sink.publish(event);
        }
    }

    @Override
    public void close() {
        sink.close();
    }
}
