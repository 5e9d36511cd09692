package io.meridian.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class GrownCountsTest {

    @Test
    void eachCountThatGrewIsALineWithItsGrowthInAllAndPerUnit() {
        String lines = GrownCounts.lines("counts:", new TreeMap<>(Map.of("a", 30L, "b", 5L)), Map.of("a", 10L, "b", 5L),
                8, 3);

        assertThat(lines).isEqualTo("counts:%n  %-60s %9d %8.3f".formatted("a", 20, 2.5));
    }

    @Test
    void aCountNotThereBeforeGrewFromZero() {
        assertThat(GrownCounts.lines("counts:", Map.of("new", 4L), Map.of(), 2, 2))
                .isEqualTo("counts:%n  %-60s %9d %8.2f".formatted("new", 4, 2.0));
    }

    @Test
    void nothingGrownIsNothingPrinted() {
        assertThat(GrownCounts.lines("counts:", Map.of("a", 3L), Map.of("a", 3L), 1, 2)).isEmpty();
    }
}
