package io.meridian.command.federation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.meridian.command.federation.api.MemberView;
import io.meridian.core.karmada.estimator.ZoneResources;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** MemberView is recorded in BindingScheduled's inputs: the resources round-trip, and older events still read. */
class MemberViewJsonTest {
    private static final ObjectMapper JSON = new ObjectMapper().findAndRegisterModules();

    @Test
    void theResourcesPerZoneRoundTrip() throws Exception {
        MemberView member = FederationFixtures.ready("member1", true, 5L).withCapacity(List.of(
                new ZoneResources("a", 5, Map.of("cpu", 8000L), Map.of("cpu", 1000L))));

        assertThat(JSON.readValue(JSON.writeValueAsString(member), MemberView.class)).isEqualTo(member);
    }

    @Test
    void aViewRecordedBeforeResourcesReadsWithNone() throws Exception {
        MemberView old = JSON.readValue("""
                {"name":"member1","ready":true,"readySince":"2026-11-22T04:00:00Z","host":true,"freePods":5,
                 "labels":{},"provider":"","region":"","zones":[]}""", MemberView.class);

        assertThat(old.capacity()).isEmpty();
        assertThat(old.freePods()).isEqualTo(5L);
    }
}
