package io.meridian.core.karmada.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.meridian.core.karmada.model.TargetCluster;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class BindingKeyTest {
    @Test
    void namespacedWorkloadHasAResourceBindingNamedLowerCaseNameDashKind() {
        assertThat(BindingKey.forWorkload("Deployment", "test-ns", "Nginx"))
                .isEqualTo(new BindingKey(BindingKind.ResourceBinding, "test-ns", "nginx-deployment"));
    }

    @Test
    void colonsInTheBindingNameBecomeDots() {
        assertThat(BindingKey.forWorkload("ClusterRole", "", "system:controller").name())
                .isEqualTo("system.controller-clusterrole");
    }

    @Test
    void clusterScopedWorkloadHasAClusterResourceBindingWithTheSameNamePattern() {
        assertThat(BindingKey.forWorkload("ClusterRole", "", "reader"))
                .isEqualTo(new BindingKey(BindingKind.ClusterResourceBinding, "", "reader-clusterrole"));
    }

    @Test
    void unitedDeploymentIsItsOwnBinding() {
        assertThat(BindingKey.forWorkload("UnitedDeployment", "ns", "web"))
                .isEqualTo(new BindingKey(BindingKind.UnitedDeployment, "ns", "web"));
    }

    @Test
    void bindingManifestReadsTheWireNameOfTheObservedAffinity() throws Exception {
        String json = """
                {"apiVersion":"work.karmada.io/v1alpha2","kind":"ResourceBinding",
                 "metadata":{"name":"nginx-deployment","namespace":"default","uid":"x"},
                 "spec":{"replicas":3,"resource":{"kind":"Deployment","uid":"u-1"},
                         "clusters":[{"name":"m1","replicas":3}],
                         "placement":{"replicaScheduling":{"replicaSchedulingType":"Divided"},
                                      "clusterAffinities":[{"affinityName":"primary","clusterNames":["m1"]}]},
                         "rescheduleTriggeredAt":"2026-01-01T10:00:00Z"},
                 "status":{"lastScheduledTime":"2026-01-01T09:00:00Z","schedulerObservingAffinityName":"primary"}}
                """;
        BindingState state = new ObjectMapper().readValue(json, ResourceBindingManifest.class).toState();
        assertThat(state.key()).isEqualTo(new BindingKey(BindingKind.ResourceBinding, "default", "nginx-deployment"));
        assertThat(state.schedulerObservedAffinityName()).isEqualTo("primary");
        assertThat(state.clusters()).containsExactly(new TargetCluster("m1", 3));
        assertThat(state.rescheduleTriggeredAt()).isEqualTo(Instant.parse("2026-01-01T10:00:00Z"));
        assertThat(state.rescheduleRequired()).isTrue();
        assertThat(state.placement().replicaScheduling().isDivided()).isTrue();
    }
}
