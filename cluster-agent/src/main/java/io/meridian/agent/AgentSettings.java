package io.meridian.agent;

import java.time.Duration;

/**
 * What one agent needs to know: the cluster it speaks for, its role ({@code host} or {@code member}),
 * the client rate limits and how often it reports heartbeat and capacity.
 */
public record AgentSettings(String clusterName, String role, double qps, int burst, Duration heartbeatInterval) {
    public AgentSettings {
        if (clusterName == null || clusterName.isBlank()) {
            throw new IllegalArgumentException("clusterName: required (MERIDIAN_CLUSTER_NAME)");
        }
        role = role == null || role.isBlank() ? "member" : role;
        if (!role.equals("host") && !role.equals("member")) {
            throw new IllegalArgumentException("role: must be host or member, got " + role);
        }
        if (qps <= 0 || burst <= 0) {
            throw new IllegalArgumentException("qps and burst: must be positive");
        }
        heartbeatInterval = heartbeatInterval == null ? Duration.ofSeconds(3) : heartbeatInterval;
    }

    public static AgentSettings fromEnvironment(java.util.Map<String, String> env) {
        return new AgentSettings(env.get("MERIDIAN_CLUSTER_NAME"), env.get("MERIDIAN_CLUSTER_ROLE"),
                Double.parseDouble(env.getOrDefault("MERIDIAN_AGENT_QPS", "50")),
                Integer.parseInt(env.getOrDefault("MERIDIAN_AGENT_BURST", "100")),
                Duration.ofSeconds(Long.parseLong(env.getOrDefault("MERIDIAN_HEARTBEAT_SECONDS", "3"))));
    }
}
