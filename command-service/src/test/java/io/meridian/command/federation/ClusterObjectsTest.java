package io.meridian.command.federation;

import static io.meridian.command.federation.FederationFixtures.read;
import static io.meridian.command.federation.FederationFixtures.ready;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.command.federation.api.MemberView;
import io.meridian.core.karmada.model.MemberCluster;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClusterObjectsTest {
    private static final String CLUSTER = """
            {"apiVersion":"cluster.karmada.io/v1alpha1","kind":"Cluster",
             "metadata":{"name":"%s","labels":{"env":"prod","team":"web"}},
             "spec":{"provider":"aws","region":"eu-west-1",%s}}
            """;

    private static MemberCluster modelOf(String name, String zoneFields) {
        List<MemberView> members = ClusterObjects.describe(List.of(ready(name, false, 5L)),
                List.of(read(CLUSTER.formatted(name, zoneFields))));
        return ClusterObjects.model(members.get(0));
    }

    @Test
    void aClusterObjectGivesItsMemberLabelsProviderRegionAndZone() {
        assertThat(modelOf("member2", "\"zone\":\"eu-west-1a\"")).isEqualTo(new MemberCluster("member2",
                Map.of("env", "prod", "team", "web"), "aws", "eu-west-1", "eu-west-1a", false));
    }

    @Test
    void theOnlyEntryOfZonesIsTheZone() {
        assertThat(modelOf("member2", "\"zones\":[\"eu-west-1b\"]").zone()).isEqualTo("eu-west-1b");
    }

    @Test
    void severalZonesAreAllKeptButGiveNoSingleZone() {
        MemberCluster model = modelOf("member2", "\"zones\":[\"a\",\"b\"]");
        assertThat(model.zones()).containsExactly("a", "b");
        assertThat(model.zone()).isEmpty();
    }

    @Test
    void aMemberWithoutAClusterObjectHasNoLabelsAndNoFields() {
        List<MemberView> members = ClusterObjects.describe(List.of(ready("member3", false, 5L)),
                List.of(read(CLUSTER.formatted("member2", "\"zone\":\"z\""))));
        assertThat(ClusterObjects.model(members.get(0))).isEqualTo(MemberCluster.named("member3"));
    }

    @Test
    void aClusterObjectBeingDeletedNoLongerLabelsItsMember() {
        String deleting = CLUSTER.formatted("member2", "\"zone\":\"z\"")
                .replace("\"name\":\"member2\"", "\"name\":\"member2\",\"deletionTimestamp\":\"2026-11-22T04:00:00Z\"");
        List<MemberView> members = ClusterObjects.describe(List.of(ready("member2", false, 5L)), List.of(read(deleting)));
        assertThat(members.get(0).labels()).isEmpty();
    }

    @Test
    void aClusterOfAnotherApiGroupDescribesNoMember() {
        String other = CLUSTER.formatted("member2", "\"zone\":\"z\"").replace("cluster.karmada.io", "cluster.x-k8s.io");
        List<MemberView> members = ClusterObjects.describe(List.of(ready("member2", false, 5L)), List.of(read(other)));
        assertThat(members.get(0).region()).isEmpty();
    }

    @Test
    void readinessHostAndCapacityAreKept() {
        MemberView described = ClusterObjects.describe(List.of(ready("member2", true, 5L)),
                List.of(read(CLUSTER.formatted("member2", "\"zone\":\"z\"")))).get(0);
        assertThat(described).extracting(MemberView::ready, MemberView::host, MemberView::freePods)
                .containsExactly(true, true, 5L);
    }

    private static final String MEMBER_CLUSTER = """
            {"apiVersion":"apps.meridian.io/v1alpha1","kind":"MemberCluster",
             "metadata":{"name":"member2","labels":{"env":"dev"}},"spec":{"role":"member","region":"us-east-1"}}
            """;

    @Test
    void aMeridianMemberClusterGivesItsMemberLabelsAndFieldsToo() {
        MemberView described = ClusterObjects.describe(List.of(ready("member2", false, 5L)),
                List.of(read(MEMBER_CLUSTER))).get(0);
        assertThat(ClusterObjects.model(described)).isEqualTo(new MemberCluster("member2", Map.of("env", "dev"), "",
                "us-east-1", "", false));
    }

    @Test
    void aMemberClusterWinsOverAClusterOfTheSameName() {
        MemberView described = ClusterObjects.describe(List.of(ready("member2", false, 5L)),
                List.of(read(MEMBER_CLUSTER), read(CLUSTER.formatted("member2", "\"zone\":\"z\"")))).get(0);
        assertThat(described.region()).isEqualTo("us-east-1");
    }
}
