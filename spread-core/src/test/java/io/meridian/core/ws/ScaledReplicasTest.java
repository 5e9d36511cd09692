package io.meridian.core.ws;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.IntOrString;
import org.junit.jupiter.api.Test;

class ScaledReplicasTest {

    @Test
    void integerIsTakenAsIs() {
        assertThat(ScaledReplicas.of(new IntOrString(4), 100, true)).isEqualTo(new ScaledReplicas.Value(4));
    }

    @Test
    void percentageRoundsUpForWorkloadSpread() {
        assertThat(ScaledReplicas.of(new IntOrString("30%"), 11, true)).isEqualTo(new ScaledReplicas.Value(4));
    }

    @Test
    void percentageRoundsDownWhenAsked() {
        assertThat(ScaledReplicas.of(new IntOrString("30%"), 11, false)).isEqualTo(new ScaledReplicas.Value(3));
    }

    @Test
    void exactPercentageIsNotRounded() {
        assertThat(ScaledReplicas.of(new IntOrString("20%"), 10, true)).isEqualTo(new ScaledReplicas.Value(2));
    }

    @Test
    void stringWithoutPercentSignIsInvalid() {
        assertThat(ScaledReplicas.of(new IntOrString("5"), 10, true)).isInstanceOf(ScaledReplicas.Invalid.class);
    }

    @Test
    void unparsablePercentageIsInvalid() {
        assertThat(ScaledReplicas.of(new IntOrString("x%"), 10, true)).isInstanceOf(ScaledReplicas.Invalid.class);
    }

    @Test
    void nullBoundUsesTheFallback() {
        assertThat(ScaledReplicas.valueOr(null, 10, -1, 0)).isEqualTo(-1);
        assertThat(ScaledReplicas.valueOr(new IntOrString("bad"), 10, -1, 0)).isZero();
    }
}
