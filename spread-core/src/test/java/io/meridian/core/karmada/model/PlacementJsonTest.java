package io.meridian.core.karmada.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlacementJsonTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Placement placementOf(String policyJson) throws Exception {
        JsonNode policy = JSON.readTree(policyJson.replace('\'', '"'));
        return JSON.treeToValue(policy.path("spec").path("placement"), Placement.class);
    }

    @Test
    void readsAStaticWeightPolicy() throws Exception {
        Placement placement = placementOf("""
                {'apiVersion': 'policy.karmada.io/v1alpha1', 'kind': 'PropagationPolicy',
                 'metadata': {'name': 'nginx'},
                 'spec': {'resourceSelectors': [{'apiVersion': 'apps/v1', 'kind': 'Deployment', 'name': 'nginx'}],
                  'placement': {
                   'clusterAffinity': {'clusterNames': ['member1', 'member2'],
                     'labelSelector': {'matchLabels': {'env': 'prod'}},
                     'fieldSelector': {'matchExpressions': [{'key': 'region', 'operator': 'In', 'values': ['eu']}]}},
                   'clusterTolerations': [{'key': 'x', 'operator': 'Exists'}],
                   'replicaScheduling': {'replicaSchedulingType': 'Divided', 'replicaDivisionPreference': 'Weighted',
                     'weightPreference': {'staticWeightList': [
                       {'targetCluster': {'clusterNames': ['member1']}, 'weight': 2}]}}}}}
                """);
        assertThat(placement.clusterAffinity().clusterNames()).containsExactly("member1", "member2");
        assertThat(placement.clusterAffinity().labelSelector().getMatchLabels()).containsEntry("env", "prod");
        assertThat(placement.clusterAffinity().fieldSelector().matchExpressions().get(0).getValues())
                .containsExactly("eu");
        assertThat(placement.replicaScheduling().weightPreference().staticWeightList().get(0).weight()).isEqualTo(2);
        assertThat(placement.strategy().strategy()).contains(ReplicaStrategy.STATIC_WEIGHT);
        assertThat(placement.isStaticWeight()).isTrue();
    }

    @Test
    void readsClusterAffinitiesWithOverflowTermsAndSpreadConstraints() throws Exception {
        Placement placement = placementOf("""
                {'spec': {'placement': {
                   'clusterAffinities': [
                     {'affinityName': 'local', 'clusterNames': ['home'],
                      'overflowAffinities': [{'affinityName': 'burst', 'clusterNames': ['cloud']}]},
                     {'affinityName': 'backup', 'clusterNames': ['dr']}],
                   'spreadConstraints': [{'spreadByField': 'cluster', 'maxGroups': 2, 'minGroups': 1}],
                   'replicaScheduling': {'replicaSchedulingType': 'Divided', 'replicaDivisionPreference': 'Weighted',
                     'weightPreference': {'dynamicWeight': 'AvailableReplicas'}}}}}
                """);
        assertThat(placement.usesOverflowTiers("local")).isTrue();
        assertThat(placement.usesOverflowTiers("backup")).isFalse();
        assertThat(placement.usesOverflowTiers("missing")).isFalse();
        assertThat(placement.affinityTerm("local").orElseThrow().affinitiesByOverflowOrder())
                .extracting(ClusterAffinity::clusterNames).containsExactly(List.of("home"), List.of("cloud"));
        assertThat(placement.spreadConstraints().get(0).maxGroups()).isEqualTo(2);
        assertThat(placement.strategy().strategy()).contains(ReplicaStrategy.DYNAMIC_WEIGHT);
        assertThat(placement.isStaticWeight()).isFalse();
    }

    @Test
    void aScheduleUnderAnUnknownTermUsesTheFirstTerm() {
        Placement placement = new Placement(null, List.of(
                new ClusterAffinityTerm("a", List.of("m1"), null, null, null, null),
                new ClusterAffinityTerm("b", List.of("m2"), null, null, null, null)), null, null);
        assertThat(placement.affinitiesFor("b")).containsExactly(ClusterAffinity.ofNames(List.of("m2")));
        assertThat(placement.affinitiesFor("")).containsExactly(ClusterAffinity.ofNames(List.of("m1")));
    }

    @Test
    void withoutAffinitiesEveryClusterIsAllowed() {
        assertThat(new Placement(null, null, null, null).affinitiesFor(""))
                .containsExactly(ClusterAffinity.anyCluster());
    }

    @Test
    void absentReplicaSchedulingIsDuplicated() throws Exception {
        Placement placement = placementOf("{'spec': {'placement': {'clusterAffinity': {}}}}");
        assertThat(placement.replicaScheduling()).isNull();
        assertThat(placement.strategy().strategy()).contains(ReplicaStrategy.DUPLICATED);
    }

    @Test
    void webhookDefaultsSpreadByClusterWithAtLeastOneGroup() {
        SpreadConstraint defaulted = new SpreadConstraint("", "", 3, 0).withWebhookDefaults();
        assertThat(defaulted).isEqualTo(new SpreadConstraint("cluster", "", 3, 1));
    }
}
