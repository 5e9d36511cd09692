package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimulatedFleetTest {

  private static final String SCENARIO = """
      name: two members
      clusters:
        - name: member1
          zones:
            - {name: ack, nodes: 2, podsPerNode: 10, labels: {pool: fixed}}
            - name: eci
              nodes: 1
              podsPerNode: 100
              taints: [{key: virtual-kubelet.io/provider, value: alibabacloud, effect: NoSchedule}]
        - name: member2
          zones: [{name: z1, nodes: 1, podsPerNode: 5}]
      apply:
        - manifest: |
            apiVersion: v1
            kind: Namespace
            metadata: {name: ignored-by-the-fleet}
      steps:
        - wait: 1s
      """;

  @Test
  void readsTheClustersOfAScenarioFile() {
    List<ClusterSpec> clusters = SimulatedFleet.readClusters(SCENARIO);

    assertThat(clusters).extracting(ClusterSpec::name).containsExactly("member1", "member2");
    ZoneSpec eci = clusters.get(0).zones().get(1);
    assertThat(eci.podsPerNode()).isEqualTo(100);
    assertThat(eci.taints()).singleElement().satisfies(t -> {
      assertThat(t.getKey()).isEqualTo("virtual-kubelet.io/provider");
      assertThat(t.getEffect()).isEqualTo("NoSchedule");
    });
    assertThat(clusters.get(0).zones().get(0).labels()).containsEntry("pool", "fixed");
  }

  @Test
  void startsEveryClusterWithItsNodesTheFirstBeingTheHost() throws Exception {
    try (SimulatedFleet fleet = SimulatedFleet.fromScenarioYaml(SCENARIO,
        SimOptions.DEFAULTS.withReadyDelay(Duration.ofMillis(100)))) {
      assertThat(fleet.host().name()).isEqualTo("member1");
      assertThat(fleet.kubeconfigs()).containsOnlyKeys("member1", "member2");
      assertThat(fleet.kubeconfigs().get("member1")).isNotEqualTo(fleet.kubeconfigs().get("member2"));

      try (KubernetesClient member1 = fleet.cluster("member1").newExternalClient()) {
        assertThat(member1.nodes().list().getItems()).extracting(n -> n.getMetadata().getName())
            .containsExactlyInAnyOrder("ack-0", "ack-1", "eci-0");
        assertThat(member1.nodes().withName("ack-1").get().getMetadata().getLabels())
            .containsEntry(SimulatedCluster.ZONE_LABEL, "ack").containsEntry("pool", "fixed");
        assertThat(member1.nodes().withName("eci-0").get().getSpec().getTaints()).hasSize(1);
        assertThat(member1.nodes().withName("eci-0").get().getStatus().getAllocatable().get("pods").getAmount())
            .isEqualTo("100");
        assertThat(member1.nodes().withName("eci-0").get().getStatus().getAllocatable())
            .as("room in cpu and memory far beyond the pod slots").containsAllEntriesOf(SimulatedCluster.NODE_RESOURCES);
      }
      assertThat(fleet.cluster("member2").client().nodes().list().getItems()).hasSize(1);
      var certificate = (java.security.cert.X509Certificate) java.security.cert.CertificateFactory.getInstance("X.509")
          .generateCertificate(new java.io.ByteArrayInputStream(fleet.host().certificateAuthorityPem().getBytes()));
      assertThat(certificate.getSubjectAlternativeNames()).as("the kubeconfig's https://127.0.0.1 verifies")
          .anySatisfy(san -> assertThat(san.get(1)).isEqualTo("127.0.0.1"));
      assertThatThrownBy(() -> fleet.cluster("member3")).hasMessageContaining("no simulated cluster named member3");
    }
  }
}
