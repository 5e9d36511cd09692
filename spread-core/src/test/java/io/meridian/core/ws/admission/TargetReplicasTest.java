package io.meridian.core.ws.admission;

import static io.meridian.core.ws.admission.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.TargetFilter;
import io.meridian.core.ws.model.TargetReference;
import io.meridian.core.ws.model.WorkloadSpreadSpec;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TargetReplicasTest {
    private static final JsonNode OBJECT = json("{'spec':{'replicas':7,'parallelism':3,'shards':[2,4],'size':9}}");

    private static WorkloadSpreadSpec spec(String apiVersion, String kind, TargetFilter filter) {
        return new WorkloadSpreadSpec(new TargetReference(apiVersion, kind, "w"), filter,
                List.of(Fixtures.subset("a", new IntOrString("50%"), null)), null);
    }

    @Test
    void builtInKindsReadSpecReplicas() {
        assertThat(TargetReplicas.of(spec("apps/v1", "Deployment", null), Optional.of(OBJECT), WorkloadKinds.builtInOnly())).isEqualTo(7);
    }

    @Test
    void jobReadsParallelism() {
        assertThat(TargetReplicas.of(spec("batch/v1", "Job", null), Optional.of(OBJECT), WorkloadKinds.builtInOnly())).isEqualTo(3);
    }

    @Test
    void targetFilterPathsAreSummedAndTakePrecedence() {
        TargetFilter filter = new TargetFilter(null, List.of("spec.shards.0", "spec.shards.1"));
        assertThat(TargetReplicas.of(spec("apps/v1", "Deployment", filter), Optional.of(OBJECT), WorkloadKinds.builtInOnly()))
                .isEqualTo(6);
    }

    @Test
    void customKindReadsItsWhitelistPath() {
        WorkloadKinds kinds = WorkloadKinds.withWhitelist(List.of(new CustomWorkload(new GroupKind("x.io", "Game"), "spec.size", List.of())));
        assertThat(TargetReplicas.of(spec("x.io/v1", "Game", null), Optional.of(OBJECT), kinds)).isEqualTo(9);
    }

    @Test
    void customKindWithEmptyWhitelistPathHasNoReplicas() {
        WorkloadKinds kinds = WorkloadKinds.withWhitelist(List.of(new CustomWorkload(new GroupKind("x.io", "Game"), "", List.of())));
        assertThat(TargetReplicas.of(spec("x.io/v1", "Game", null), Optional.of(OBJECT), kinds)).isZero();
    }

    @Test
    void missingWorkloadHasNoReplicas() {
        assertThat(TargetReplicas.of(spec("apps/v1", "Deployment", null), Optional.empty(), WorkloadKinds.builtInOnly())).isZero();
    }

    @Test
    void workloadIsNotReadWithoutPercentages() {
        WorkloadSpreadSpec fixed = new WorkloadSpreadSpec(new TargetReference("apps/v1", "Deployment", "w"), null,
                List.of(Fixtures.subset("a", 3)), null);
        assertThat(TargetReplicas.forInitialisation(fixed, Optional.of(OBJECT), WorkloadKinds.builtInOnly())).isZero();
    }

    @Test
    void initialRowsRoundPercentagesUp() {
        List<SubsetStatus> rows = SubsetStatuses.initial(List.of(Fixtures.subset("a", new IntOrString("25%"), null),
                Fixtures.subset("b", null), Fixtures.subset("c", 4)), 7);
        assertThat(rows).extracting(SubsetStatus::missingReplicas).containsExactly(2, -1, 4);
        assertThat(rows).allSatisfy(r -> assertThat(r.creatingPods()).isEmpty());
    }
}
