package io.meridian.core.ud.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.IntOrString;
import org.junit.jupiter.api.Test;

class UnitedDeploymentManifestTest {
    private static final String MANIFEST = """
            {"apiVersion": "apps.kruise.io/v1alpha1", "kind": "UnitedDeployment",
             "metadata": {"name": "sample", "namespace": "default", "uid": "u-1"},
             "spec": {"replicas": 6,
               "selector": {"matchLabels": {"app": "sample"}},
               "template": {"cloneSetTemplate": {"metadata": {"labels": {"app": "sample"}},
                                                 "spec": {"template": {"spec": {"containers": []}}}}},
               "topology": {"subsets": [
                  {"name": "zone-a", "cluster": "member-1", "replicas": "50%",
                   "nodeSelectorTerm": {"matchExpressions": [{"key": "zone", "operator": "In", "values": ["a"]}]},
                   "tolerations": [{"key": "dedicated", "operator": "Exists"}],
                   "patch": {"metadata": {"labels": {"zone": "a"}}}},
                  {"name": "zone-b", "minReplicas": 1, "maxReplicas": 4}],
                 "scheduleStrategy": {"type": "Adaptive", "adaptive": {"reserveUnschedulablePods": true}}},
               "updateStrategy": {"manualUpdate": {"partitions": {"zone-a": 2}}}},
             "status": {"subsetReplicas": {"zone-a": 3, "zone-b": 3},
                        "updateStatus": {"updatedRevision": "rev-1", "currentPartitions": {"zone-a": 2}}}}
            """;

    private final UnitedDeployment ud = read();

    private static UnitedDeployment read() {
        try {
            return new ObjectMapper().readValue(MANIFEST, UnitedDeployment.class);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void writesBackWhatItRead() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        String written = mapper.writeValueAsString(ud);
        assertThat(mapper.readValue(written, UnitedDeployment.class)).isEqualTo(ud);
        assertThat(mapper.readTree(written).fieldNames()).toIterable()
                .containsExactlyInAnyOrder("apiVersion", "kind", "metadata", "spec", "status");
        assertThat(mapper.readTree(written).at("/spec/topology/scheduleStrategy").fieldNames()).toIterable()
                .containsExactlyInAnyOrder("type", "adaptive");
    }

    @Test
    void readsSubsetFieldsIncludingTheCluster() {
        Subset zoneA = ud.spec().topology().subsets().get(0);
        assertThat(zoneA.cluster()).isEqualTo("member-1");
        assertThat(zoneA.replicas()).isEqualTo(new IntOrString("50%"));
        assertThat(zoneA.nodeSelectorTerm().getMatchExpressions()).hasSize(1);
        assertThat(zoneA.tolerations()).hasSize(1);
        assertThat(zoneA.patch().path("metadata").path("labels").path("zone").asText()).isEqualTo("a");
    }

    @Test
    void readsIntegerMinAndMax() {
        Subset zoneB = ud.spec().topology().subsets().get(1);
        assertThat(zoneB.minReplicas()).isEqualTo(new IntOrString(1));
        assertThat(zoneB.maxReplicas()).isEqualTo(new IntOrString(4));
    }

    @Test
    void readsTheTemplateKind() {
        assertThat(ud.spec().template().present()).extracting(SubsetTemplate.KindedTemplate::kind)
                .containsExactly(WorkloadKind.CLONE_SET);
    }

    @Test
    void readsTheReservationStrategy() {
        assertThat(ud.spec().topology().scheduleStrategy().isReservation()).isTrue();
    }

    @Test
    void readsTheV1alpha1StatusShape() {
        assertThat(ud.isV1alpha1()).isTrue();
        assertThat(ud.status().subsetReplicas()).containsEntry("zone-a", 3);
        assertThat(ud.status().effectiveUpdatedRevision()).isEqualTo("rev-1");
    }

    @Test
    void v1beta1ShapeMovesPartitionsIntoSubsetStatuses() {
        UnitedDeploymentStatus status = new UnitedDeploymentStatus(null, 3, null, null, null, null, null, "rev-2",
                null, java.util.List.of(new UdSubsetStatus("zone-a", 3, 1, 2, 0, null)), null, null, null, null);
        UnitedDeploymentStatus alpha = status.asV1alpha1();
        assertThat(alpha.subsetReplicas()).containsEntry("zone-a", 3);
        assertThat(alpha.updateStatus().currentPartitions()).containsEntry("zone-a", 2);
        assertThat(alpha.updateStatus().updatedRevision()).isEqualTo("rev-2");
        assertThat(alpha.subsetStatuses()).singleElement().isEqualTo(new UdSubsetStatus("zone-a", null, null, null, 0,
                null));
        assertThat(alpha.updatedRevision()).isNull();
    }
}
