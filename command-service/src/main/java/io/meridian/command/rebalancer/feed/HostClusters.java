package io.meridian.command.rebalancer.feed;

import io.meridian.command.member.api.ReportHeartbeat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.axonframework.commandhandling.CommandBus;
import org.axonframework.commandhandling.CommandMessage;
import org.springframework.stereotype.Component;

/**
 * The clusters whose agent reports role {@code host}, learnt from the heartbeats the cluster-events consumer sends
 * as commands (every heartbeat passes through this instance's command bus; the newest one per cluster is sent once
 * the state is caught up at start). A cluster that stops calling itself host is forgotten.
 */
@Component
public class HostClusters {
    public static final String HOST_ROLE = "host";
    private final Set<String> hosts = ConcurrentHashMap.newKeySet();
    private final List<Consumer<String>> onNewHost = new CopyOnWriteArrayList<>();

    public HostClusters(CommandBus commands) {
        commands.registerDispatchInterceptor(messages -> (index, message) -> {
            observe(message);
            return message;
        });
    }

    private void observe(CommandMessage<?> message) {
        if (message.getPayload() instanceof ReportHeartbeat heartbeat && heartbeat.role() != null) {
            heard(heartbeat.cluster(), heartbeat.role());
        }
    }

    void heard(String cluster, String role) {
        if (HOST_ROLE.equals(role)) {
            if (hosts.add(cluster)) {
                onNewHost.forEach(listener -> listener.accept(cluster));
            }
        } else {
            hosts.remove(cluster);
        }
    }

    public boolean isHost(String cluster) {
        return hosts.contains(cluster);
    }

    /** The host clusters, by name (normally one). */
    public List<String> all() {
        return hosts.stream().sorted().toList();
    }

    /** {@code listener} is told each cluster that becomes a host (objects it reported earlier were not fed). */
    public void whenNewHost(Consumer<String> listener) {
        onNewHost.add(listener);
    }
}
