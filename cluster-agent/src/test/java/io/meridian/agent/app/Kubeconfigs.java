package io.meridian.agent.app;

/** A kubeconfig for a mock API server, as a member cluster's administrator would hand it over. */
final class Kubeconfigs {
    private Kubeconfigs() {
    }

    static String forServer(String serverUrl) {
        String server = serverUrl.endsWith("/") ? serverUrl.substring(0, serverUrl.length() - 1) : serverUrl;
        return """
                apiVersion: v1
                kind: Config
                clusters:
                - name: mock
                  cluster:
                    server: %s
                users:
                - name: agent
                  user:
                    token: test-token
                contexts:
                - name: mock
                  context:
                    cluster: mock
                    user: agent
                current-context: mock
                """.formatted(server);
    }
}
