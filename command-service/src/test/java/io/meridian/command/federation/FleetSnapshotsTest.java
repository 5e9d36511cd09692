package io.meridian.command.federation;

import static io.meridian.command.federation.FederationFixtures.ready;
import static io.meridian.command.federation.FederationFixtures.unreachable;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.command.federation.api.MemberView;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FleetSnapshotsTest {
    final FleetSnapshots snapshots = new FleetSnapshots();

    static MemberView labelled(Map<String, String> labels) {
        return new MemberView("member2", true, null, false, 20L).withClusterFields(labels, "aws", "eu", List.of("a"));
    }

    @Test
    void equalMemberListsHaveOneDigestWhateverTheOrderTheirLabelsWereGivenIn() {
        Map<String, String> one = new HashMap<>(Map.of("env", "prod", "tier", "gold", "app", "web"));
        Map<String, String> other = new java.util.LinkedHashMap<>();
        other.put("tier", "gold");
        other.put("app", "web");
        other.put("env", "prod");

        assertThat(FleetSnapshots.digest(List.of(labelled(one)))).isEqualTo(FleetSnapshots.digest(List.of(labelled(other))));
    }

    @Test
    void aChangedMemberChangesTheDigest() {
        List<MemberView> before = List.of(ready("member1", true, 20L), ready("member2", false, 20L));
        List<MemberView> after = List.of(ready("member1", true, 20L), unreachable("member2"));

        assertThat(FleetSnapshots.digest(before)).isNotEqualTo(FleetSnapshots.digest(after)).hasSize(64);
    }

    @Test
    void aFleetIsUnrecordedUntilADecisionCarryingItIsRecorded() {
        List<MemberView> members = List.of(ready("member1", true, 20L), ready("member2", false, 20L));
        FleetRef first = snapshots.ref(members);

        snapshots.recorded(first.digest());

        assertThat(first.recorded()).isFalse();
        assertThat(snapshots.ref(members)).isEqualTo(new FleetRef(FleetSnapshots.digest(members), true));
    }

    @Test
    void anotherFleetIsNotRecordedByTheFirst() {
        List<MemberView> members = List.of(ready("member1", true, 20L), ready("member2", false, 20L));
        snapshots.recorded(snapshots.ref(members).digest());

        assertThat(snapshots.ref(List.of(ready("member1", true, 20L), unreachable("member2"))).recorded()).isFalse();
    }
}
