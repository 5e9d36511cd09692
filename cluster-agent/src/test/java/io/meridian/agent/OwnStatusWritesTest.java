package io.meridian.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which updates the agent keeps to itself: a status only Meridian writes, changed alone. */
class OwnStatusWritesTest {
    static final WatchedResource REBALANCERS =
            new WatchedResource("apps.karmada.io", "v1alpha1", "workloadrebalancers", "WorkloadRebalancer", false);
    static final WatchedResource SPREADS =
            new WatchedResource("apps.kruise.io", "v1alpha1", "workloadspreads", "WorkloadSpread", true);

    static GenericKubernetesResource object(String kind, long generation, String status) {
        return new GenericKubernetesResourceBuilder().withApiVersion("v1").withKind(kind).withNewMetadata()
                .withName("all").withUid("u-1").withGeneration(generation).addToLabels("team", "a").endMetadata()
                .addToAdditionalProperties("status", Map.of("finishTime", status)).build();
    }

    @Test
    void aRebalancersStatusWrittenAloneIsKept() {
        assertThat(OwnStatusWrites.onlyOurStatusChanged(REBALANCERS, object("WorkloadRebalancer", 1, "a"),
                object("WorkloadRebalancer", 1, "b"))).isTrue();
    }

    @Test
    void aRebalancersNewGenerationIsPublished() {
        assertThat(OwnStatusWrites.onlyOurStatusChanged(REBALANCERS, object("WorkloadRebalancer", 1, "a"),
                object("WorkloadRebalancer", 2, "a"))).isFalse();
    }

    @Test
    void aRebalancersNewLabelIsPublished() {
        GenericKubernetesResource relabelled = object("WorkloadRebalancer", 1, "a");
        relabelled.getMetadata().getLabels().put("team", "b");

        assertThat(OwnStatusWrites.onlyOurStatusChanged(REBALANCERS, object("WorkloadRebalancer", 1, "a"), relabelled))
                .isFalse();
    }

    @Test
    void aRebalancerBeingDeletedIsPublished() {
        GenericKubernetesResource deleting = object("WorkloadRebalancer", 1, "a");
        deleting.getMetadata().setDeletionTimestamp("2026-11-23T09:00:00Z");

        assertThat(OwnStatusWrites.onlyOurStatusChanged(REBALANCERS, object("WorkloadRebalancer", 1, "a"), deleting))
                .isFalse();
    }

    @Test
    void anyOtherKindsStatusChangeIsPublished() {
        assertThat(OwnStatusWrites.onlyOurStatusChanged(SPREADS, object("WorkloadSpread", 1, "a"),
                object("WorkloadSpread", 1, "b"))).isFalse();
    }

    @Test
    void anObjectWithoutAGenerationIsPublished() {
        GenericKubernetesResource before = object("WorkloadRebalancer", 1, "a");
        GenericKubernetesResource after = object("WorkloadRebalancer", 1, "b");
        before.getMetadata().setGeneration(null);
        after.getMetadata().setGeneration(null);

        assertThat(OwnStatusWrites.onlyOurStatusChanged(REBALANCERS, before, after)).isFalse();
    }
}
