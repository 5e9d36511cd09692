package io.meridian.core.ws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplicasPathTest {
    private static final JsonNode OBJECT;

    static {
        try {
            OBJECT = new ObjectMapper().readTree("{\"spec\":{\"replicas\":5,\"replicaSlice\":[1,2],\"stringField\":\"5\"}}");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void integerAtAPath() {
        assertThat(ReplicasPath.read(OBJECT, "spec.replicas")).isEqualTo(new ReplicasPath.Found(5));
    }

    @Test
    void arrayIndexStep() {
        assertThat(ReplicasPath.read(OBJECT, "spec.replicaSlice.1")).isEqualTo(new ReplicasPath.Found(2));
    }

    @Test
    void missingStepIsNamedInTheError() {
        assertThat(ReplicasPath.read(OBJECT, "spec.not.exist")).isEqualTo(new ReplicasPath.Failed("path \"not\" not exists"));
    }

    @Test
    void indexOutOfRangeFails() {
        assertThat(ReplicasPath.read(OBJECT, "spec.replicaSlice.2")).isInstanceOf(ReplicasPath.Failed.class);
    }

    @Test
    void stringValueIsNotAnInteger() {
        assertThat(ReplicasPath.read(OBJECT, "spec.stringField")).isInstanceOf(ReplicasPath.Failed.class);
    }

    @Test
    void failureCountsAsZeroReplicas() {
        assertThat(ReplicasPath.read(OBJECT, "spec.nope").replicas()).isZero();
    }

    @Test
    void sumAddsEveryPath() {
        assertThat(ReplicasPath.sum(OBJECT, List.of("spec.replicas", "spec.replicaSlice.0", "spec.replicaSlice.1")))
                .isEqualTo(new ReplicasPath.Found(8));
    }

    @Test
    void emptySumIsZero() {
        assertThat(ReplicasPath.sum(OBJECT, List.of())).isEqualTo(new ReplicasPath.Found(0));
    }

    @Test
    void sumFailsOnTheFirstBadPath() {
        assertThat(ReplicasPath.sum(OBJECT, List.of("spec.replicas", "spec.not.exist"))).isInstanceOf(ReplicasPath.Failed.class);
    }
}
