package io.meridian.core.karmada.division;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.meridian.core.karmada.model.ClusterAffinity;
import io.meridian.core.karmada.model.FieldSelector;
import io.meridian.core.karmada.model.MemberCluster;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClusterAffinityMatcherTest {
    private static final MemberCluster EU = new MemberCluster("eu-1", Map.of("env", "prod"), "aws", "eu-west-1",
            "eu-west-1a", false);

    private static ClusterAffinity fields(String key, String operator, String... values) {
        return new ClusterAffinity(List.of(), List.of(), null,
                new FieldSelector(List.of(new NodeSelectorRequirement(key, operator, List.of(values)))));
    }

    @Test
    void anEmptyAffinityMatchesEveryCluster() {
        assertThat(ClusterAffinityMatcher.matches(ClusterAffinity.anyCluster(), EU)).isTrue();
    }

    @Test
    void clusterNamesRestrictTheMatch() {
        assertThat(ClusterAffinityMatcher.matches(ClusterAffinity.ofNames(List.of("eu-1")), EU)).isTrue();
        assertThat(ClusterAffinityMatcher.matches(ClusterAffinity.ofNames(List.of("us-1")), EU)).isFalse();
    }

    @Test
    void excludeWinsOverClusterNames() {
        ClusterAffinity affinity = new ClusterAffinity(List.of("eu-1"), List.of("eu-1"), null, null);
        assertThat(ClusterAffinityMatcher.matches(affinity, EU)).isFalse();
    }

    @Test
    void labelSelectorMatchesLabelsAndExpressions() {
        ClusterAffinity prod = new ClusterAffinity(List.of(), List.of(), new LabelSelectorBuilder()
                .addToMatchLabels("env", "prod")
                .addNewMatchExpression().withKey("tier").withOperator("DoesNotExist").endMatchExpression()
                .build(), null);
        ClusterAffinity staging = new ClusterAffinity(List.of(), List.of(), new LabelSelectorBuilder()
                .addNewMatchExpression().withKey("env").withOperator("In").withValues("staging").endMatchExpression()
                .build(), null);
        assertThat(ClusterAffinityMatcher.matches(prod, EU)).isTrue();
        assertThat(ClusterAffinityMatcher.matches(staging, EU)).isFalse();
    }

    @Test
    void fieldSelectorLooksAtProviderRegionAndZone() {
        assertThat(ClusterAffinityMatcher.matches(fields("region", "In", "eu-west-1"), EU)).isTrue();
        assertThat(ClusterAffinityMatcher.matches(fields("provider", "NotIn", "aws"), EU)).isFalse();
        assertThat(ClusterAffinityMatcher.matches(fields("zone", "NotIn", "us-east-1a"), EU)).isTrue();
    }

    @Test
    void anEmptyFieldDoesNotExist() {
        MemberCluster bare = MemberCluster.named("bare");
        assertThat(ClusterAffinityMatcher.matches(fields("zone", "DoesNotExist"), bare)).isTrue();
        assertThat(ClusterAffinityMatcher.matches(fields("zone", "In", ""), bare)).isFalse();
    }

    private static final MemberCluster TWO_ZONES = MemberCluster.inZones("multi", Map.of(), "aws", "eu-west-1",
            List.of("eu-west-1a", "eu-west-1b"));

    @Test
    void zoneInHoldsWhenEveryZoneOfTheClusterIsListed() {
        assertThat(ClusterAffinityMatcher.matches(fields("zone", "In", "eu-west-1a", "eu-west-1b", "x"), TWO_ZONES))
                .isTrue();
        assertThat(ClusterAffinityMatcher.matches(fields("zone", "In", "eu-west-1a"), TWO_ZONES)).isFalse();
    }

    @Test
    void zoneNotInHoldsWhenNoZoneOfTheClusterIsListed() {
        assertThat(ClusterAffinityMatcher.matches(fields("zone", "NotIn", "eu-west-1c"), TWO_ZONES)).isTrue();
        assertThat(ClusterAffinityMatcher.matches(fields("zone", "NotIn", "eu-west-1b"), TWO_ZONES)).isFalse();
    }

    @Test
    void aClusterInSeveralZonesHasZonesButNoSingleZone() {
        assertThat(ClusterAffinityMatcher.matches(fields("zone", "Exists"), TWO_ZONES)).isTrue();
        assertThat(TWO_ZONES.zone()).isEmpty();
        assertThat(MemberCluster.inZones("one", Map.of(), "", "", List.of("z1")).zone()).isEqualTo("z1");
    }
}
