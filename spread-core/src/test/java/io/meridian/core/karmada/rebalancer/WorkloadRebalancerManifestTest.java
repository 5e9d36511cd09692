package io.meridian.core.karmada.rebalancer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.meridian.core.karmada.model.TargetCluster;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class WorkloadRebalancerManifestTest {
    private static final String MANIFEST = """
            {"apiVersion":"apps.karmada.io/v1alpha1","kind":"WorkloadRebalancer",
             "metadata":{"name":"demo","creationTimestamp":"2026-08-01T12:00:00Z","generation":2,
                         "resourceVersion":"17","uid":"ignored"},
             "spec":{"workloads":[{"apiVersion":"apps/v1","kind":"Deployment","namespace":"default","name":"web"},
                                  {"apiVersion":"rbac.authorization.k8s.io/v1","kind":"ClusterRole","name":"reader"}],
                     "ttlSecondsAfterFinished":60,
                     "workloadSelector":{"matchLabels":{"tier":"web"}},"dryRun":true,"preserveAvailable":true},
             "status":{"observedWorkloads":[
                         {"workload":{"apiVersion":"apps/v1","kind":"Deployment","namespace":"default","name":"web"},
                          "result":"Successful","plan":{"before":[{"name":"a","replicas":2}],"after":[]}},
                         {"workload":{"apiVersion":"rbac.authorization.k8s.io/v1","kind":"ClusterRole","name":"reader"}}],
                       "observedGeneration":1,"finishTime":"2026-08-01T12:00:05Z"}}
            """;
    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void karmadaManifestDeserialisesWithMeridianAdditions() throws Exception {
        WorkloadRebalancer rb = mapper.readValue(MANIFEST, WorkloadRebalancer.class);
        assertThat(rb.metadata().creationTimestamp()).isEqualTo(Instant.parse("2026-08-01T12:00:00Z"));
        assertThat(rb.metadata().generation()).isEqualTo(2);
        assertThat(rb.spec().workloads().get(1).namespace()).isEmpty();
        assertThat(rb.spec().ttlSecondsAfterFinished()).isEqualTo(60);
        assertThat(rb.spec().workloadSelector().getMatchLabels()).containsEntry("tier", "web");
        assertThat(rb.spec().dryRun()).isTrue();
        assertThat(rb.spec().preserveAvailable()).isTrue();
        assertThat(rb.status().observedWorkloads().get(0).plan().before()).containsExactly(new TargetCluster("a", 2));
        assertThat(rb.status().observedWorkloads().get(1).result()).isEqualTo(WorkloadResult.Pending);
        assertThat(rb.status().finishTime()).isEqualTo(Instant.parse("2026-08-01T12:00:05Z"));
    }

    @Test
    void pendingResultAndAbsentReasonAreOmittedOnTheWire() throws Exception {
        WorkloadRebalancer rb = mapper.readValue(MANIFEST, WorkloadRebalancer.class);
        JsonNode pending = mapper.valueToTree(rb.status().observedWorkloads().get(1));
        assertThat(pending.has("result")).isFalse();
        assertThat(pending.has("reason")).isFalse();
        JsonNode status = mapper.valueToTree(rb.status());
        assertThat(status.get("finishTime").asText()).isEqualTo("2026-08-01T12:00:05Z");
    }
}
