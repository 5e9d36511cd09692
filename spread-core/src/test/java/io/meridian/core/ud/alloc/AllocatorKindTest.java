package io.meridian.core.ud.alloc;

import static io.meridian.core.ud.alloc.AllocationFixtures.bounded;
import static io.meridian.core.ud.alloc.AllocationFixtures.fixed;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.ud.model.AdaptiveSettings;
import io.meridian.core.ud.model.UdScheduleStrategy;
import java.util.List;
import org.junit.jupiter.api.Test;

class AllocatorKindTest {
    private static final UdScheduleStrategy ADAPTIVE = new UdScheduleStrategy("Adaptive", null);
    private static final UdScheduleStrategy RESERVING =
            new UdScheduleStrategy("Adaptive", new AdaptiveSettings(null, null, true));

    @Test
    void adaptiveWithReservationPicksReservation() {
        assertThat(AllocatorKind.select(RESERVING, List.of(fixed("a", 1)))).isEqualTo(AllocatorKind.RESERVATION);
    }

    @Test
    void adaptiveWithoutReservationPicksAdaptive() {
        assertThat(AllocatorKind.select(ADAPTIVE, List.of(fixed("a", 1)))).isEqualTo(AllocatorKind.ADAPTIVE);
    }

    @Test
    void anyMinOrMaxPicksMinMax() {
        assertThat(AllocatorKind.select(null, List.of(fixed("a", 1), bounded("b", null, 3))))
                .isEqualTo(AllocatorKind.MIN_MAX);
    }

    @Test
    void otherwiseSpecific() {
        assertThat(AllocatorKind.select(UdScheduleStrategy.DEFAULT_FIXED, List.of(fixed("a", 1))))
                .isEqualTo(AllocatorKind.SPECIFIC);
    }
}
