package io.meridian.command.federation;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.command.federation.api.MemberView;
import io.meridian.command.member.api.MemberClusterReady;
import io.meridian.command.member.api.MemberClusterRegistered;
import io.meridian.command.member.api.MemberClusterUnreachable;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class FleetViewTest {
    static final Instant T0 = Instant.parse("2026-11-23T12:00:00Z");
    final FleetView fleet = new FleetView();

    FleetViewTest() {
        fleet.fold(new MemberClusterRegistered("member2", "member", T0));
        fleet.fold(new MemberClusterRegistered("member1", "member", T0));
        fleet.fold(new MemberClusterReady("member1", T0));
    }

    @Test
    void readsBetweenTwoFoldsGetTheSameList() {
        assertThat(fleet.members()).isSameAs(fleet.members());
    }

    @Test
    void aFoldIsSeenByTheNextRead() {
        List<MemberView> before = fleet.members();

        fleet.fold(new MemberClusterUnreachable("member1", T0, T0.plusSeconds(40)));

        assertThat(before).extracting(MemberView::ready).containsExactly(true, false);
        assertThat(fleet.members()).extracting(MemberView::ready).containsExactly(false, false);
    }

    @Test
    void theListIsByNameAndCannotBeChanged() {
        List<MemberView> members = fleet.members();

        assertThat(members).extracting(MemberView::name).containsExactly("member1", "member2");
        assertThat(List.copyOf(members)).isSameAs(members);
    }

    @Test
    void theHostIsKnownFromTheFoldThatRegistersIt() {
        assertThat(fleet.host()).isEmpty();

        fleet.fold(new MemberClusterRegistered("hub", "host", T0));

        assertThat(fleet.host()).contains("hub");
        assertThat(fleet.members()).filteredOn(MemberView::host).extracting(MemberView::name).containsExactly("hub");
    }
}
