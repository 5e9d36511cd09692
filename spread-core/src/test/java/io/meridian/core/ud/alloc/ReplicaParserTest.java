package io.meridian.core.ud.alloc;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.IntOrString;
import org.junit.jupiter.api.Test;

class ReplicaParserTest {

    @Test
    void integerIsTakenAsIs() {
        assertThat(ReplicaParser.parse(10, new IntOrString(4))).isEqualTo(ParsedReplicas.of(4));
    }

    @Test
    void negativeIntegerIsRejected() {
        assertThat(ReplicaParser.parse(10, new IntOrString(-1)).error())
                .isEqualTo("subsetReplicas (-1) should not be less than 0");
    }

    @Test
    void percentageRoundsHalfUp() {
        assertThat(ReplicaParser.parse(5, new IntOrString("50%")).value()).isEqualTo(3);
        assertThat(ReplicaParser.parse(5, new IntOrString("30%")).value()).isEqualTo(2);
        assertThat(ReplicaParser.parse(5, new IntOrString("10%")).value()).isEqualTo(1);
        assertThat(ReplicaParser.parse(5, new IntOrString("9%")).value()).isZero();
    }

    @Test
    void percentageNeedsUdReplicas() {
        assertThat(ReplicaParser.parse(-1, new IntOrString("50%")).error())
                .isEqualTo("subsetReplicas (50%) should not be string when unitedDeployment replicas is empty");
    }

    @Test
    void stringWithoutPercentSuffixIsRejected() {
        assertThat(ReplicaParser.parse(10, new IntOrString("5")).error())
                .isEqualTo("subset replicas (5) only support integer value or percentage value with a suffix '%'");
    }

    @Test
    void nonIntegerPercentageIsRejected() {
        assertThat(ReplicaParser.parse(10, new IntOrString("1.5%")).error())
                .isEqualTo("subset replicas (1.5%) should be correct percentage integer: "
                        + "strconv.Atoi: parsing \"1.5\": invalid syntax");
    }

    @Test
    void percentageAboveHundredIsRejected() {
        assertThat(ReplicaParser.parse(10, new IntOrString("101%")).error())
                .isEqualTo("subset replicas (101%) should be in range [0, 100]");
    }

    @Test
    void fullPercentageOfLargeReplicasDoesNotOverflow() {
        assertThat(ReplicaParser.parse(Integer.MAX_VALUE, new IntOrString("100%")).value())
                .isEqualTo(Integer.MAX_VALUE);
    }
}
