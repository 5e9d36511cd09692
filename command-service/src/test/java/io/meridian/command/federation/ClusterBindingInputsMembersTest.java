package io.meridian.command.federation;

import static io.meridian.command.federation.FederationFixtures.read;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.federation.api.MemberView;
import io.meridian.command.member.api.MemberClusterReady;
import io.meridian.command.member.api.MemberClusterRegistered;
import io.meridian.core.karmada.model.MemberCluster;
import io.meridian.schemas.ObjectRef;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Binding reads of one fleet state share one member list, which the kernel turns into its models once. */
class ClusterBindingInputsMembersTest {
    private static final Instant T0 = Instant.parse("2026-12-02T00:00:00Z");
    private final ClusterState state = new ClusterState();
    private final FleetView fleet = new FleetView();
    private final ClusterBindingInputs inputs = new ClusterBindingInputs(state, fleet, new FleetSnapshots());

    @BeforeEach
    void fleet() {
        fleet.fold(new MemberClusterRegistered("hub", "host", T0));
        fleet.fold(new MemberClusterRegistered("member1", "member", T0));
        fleet.fold(new MemberClusterReady("member1", T0));
        upsert(cluster("member1", "prod"));
    }

    @Test
    void readsOfTwoBindingsWithNothingChangedShareOneMemberList() {
        List<MemberView> first = members("web");

        assertThat(members("api")).isSameAs(first);
    }

    @Test
    void aChangedClusterObjectGivesTheNextReadItsNewLabels() {
        members("web");

        upsert(cluster("member1", "staging"));

        assertThat(member1(members("web")).labels()).containsEntry("env", "staging");
    }

    @Test
    void aChangedFleetGivesTheNextReadANewList() {
        List<MemberView> first = members("web");

        fleet.fold(new MemberClusterRegistered("member2", "member", T0));

        assertThat(members("web")).isNotSameAs(first).extracting(MemberView::name).contains("member2");
    }

    @Test
    void theKernelsModelsOfOneMemberListAreBuiltOnce() {
        List<MemberView> members = members("web");

        List<MemberCluster> models = KernelSchedule.readyModels(members);

        assertThat(KernelSchedule.readyModels(members)).isSameAs(models);
        assertThat(models).extracting(MemberCluster::name).containsExactly("member1");
        assertThat(models.get(0).labels()).isEqualTo(Map.of("env", "prod"));
    }

    @Test
    void anotherMemberListGetsItsOwnModels() {
        List<MemberCluster> before = KernelSchedule.readyModels(members("web"));
        upsert(cluster("member1", "staging"));

        List<MemberCluster> after = KernelSchedule.readyModels(members("web"));

        assertThat(after).isNotSameAs(before);
        assertThat(after.get(0).labels()).isEqualTo(Map.of("env", "staging"));
    }

    private List<MemberView> members(String template) {
        return inputs.read("binding:default/Deployment/" + template).orElseThrow().members();
    }

    private static MemberView member1(List<MemberView> members) {
        return members.stream().filter(m -> m.name().equals("member1")).findFirst().orElseThrow();
    }

    private static JsonNode cluster(String name, String env) {
        return read("""
                {"apiVersion":"cluster.karmada.io/v1alpha1","kind":"Cluster",
                 "metadata":{"name":"%s","labels":{"env":"%s"}},"spec":{"region":"eu"}}
                """.formatted(name, env));
    }

    private void upsert(JsonNode object) {
        state.upsert("hub", new ObjectRef(object.path("apiVersion").asText(), object.path("kind").asText(), "",
                object.path("metadata").path("name").asText(), null, null), object);
    }
}
