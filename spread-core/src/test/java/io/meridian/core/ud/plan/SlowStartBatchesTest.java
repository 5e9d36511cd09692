package io.meridian.core.ud.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SlowStartBatchesTest {

    @Test
    void batchesDoubleFromOneAndTheLastTakesTheRest() {
        assertThat(SlowStartBatches.sizes(10)).containsExactly(1, 2, 4, 3);
    }

    @Test
    void nothingToDoGivesNoBatches() {
        assertThat(SlowStartBatches.sizes(0)).isEmpty();
    }
}
