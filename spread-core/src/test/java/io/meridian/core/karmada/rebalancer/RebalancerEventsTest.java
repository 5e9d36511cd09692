package io.meridian.core.karmada.rebalancer;

import static io.meridian.core.karmada.rebalancer.Fixtures.deployment;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.karmada.rebalancer.RebalancerEvents.EventType;
import java.util.List;
import org.junit.jupiter.api.Test;

class RebalancerEventsTest {
    private static final WorkloadRebalancerSpec SPEC = WorkloadRebalancerSpec.of(List.of(deployment("a")), null);

    @Test
    void createAlwaysEnqueues() {
        assertThat(RebalancerEvents.enqueues(EventType.Create, null, SPEC)).isTrue();
    }

    @Test
    void updateEnqueuesOnlyWhenTheSpecChanged() {
        assertThat(RebalancerEvents.enqueues(EventType.Update, SPEC, WorkloadRebalancerSpec.of(List.of(deployment("a")),
                null))).isFalse();
        assertThat(RebalancerEvents.enqueues(EventType.Update, SPEC, WorkloadRebalancerSpec.of(List.of(deployment("a")),
                5))).isTrue();
    }

    @Test
    void deleteAndGenericEventsAreIgnored() {
        assertThat(RebalancerEvents.enqueues(EventType.Delete, SPEC, SPEC)).isFalse();
        assertThat(RebalancerEvents.enqueues(EventType.Generic, SPEC, SPEC)).isFalse();
    }
}
