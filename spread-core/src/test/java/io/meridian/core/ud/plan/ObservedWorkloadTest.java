package io.meridian.core.ud.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.meridian.core.ud.model.WorkloadKind;
import org.junit.jupiter.api.Test;

class ObservedWorkloadTest {
    private static JsonNode json(String text) {
        try {
            return new ObjectMapper().readTree(text);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void readsCloneSetCountsPartitionAndLabels() {
        ObservedWorkload workload = ObservedWorkload.fromManifest(json("""
                {"apiVersion": "apps.kruise.io/v1alpha1", "kind": "CloneSet",
                 "metadata": {"name": "web-a-x", "labels": {"apps.kruise.io/subset-name": "a",
                                                            "apps.kruise.io/controller-revision-hash": "r1"},
                              "annotations": {"apps.kruise.io/subset-patch": "{}"}},
                 "spec": {"replicas": 3, "updateStrategy": {"partition": 1}},
                 "status": {"replicas": 3, "readyReplicas": 2, "updatedReplicas": 3, "updatedReadyReplicas": 2}}
                """), "member-1").orElseThrow();
        assertThat(workload.kind()).isEqualTo(WorkloadKind.CLONE_SET);
        assertThat(workload.subsetName()).contains("a");
        assertThat(workload.revision()).isEqualTo("r1");
        assertThat(workload.patchAnnotation()).isEqualTo("{}");
        assertThat(workload.partition()).isEqualTo(1);
        assertThat(workload.cluster()).isEqualTo("member-1");
        assertThat(workload.updatedReadyReplicas()).isEqualTo(2);
    }

    @Test
    void kruiseStatefulSetIsTheAdvancedKind() {
        ObservedWorkload workload = ObservedWorkload.fromManifest(json("""
                {"apiVersion": "apps.kruise.io/v1beta1", "kind": "StatefulSet", "metadata": {"name": "s"},
                 "spec": {"replicas": 2, "updateStrategy": {"rollingUpdate": {"partition": 1}}}}
                """), null).orElseThrow();
        assertThat(workload.kind()).isEqualTo(WorkloadKind.ADVANCED_STATEFUL_SET);
        assertThat(workload.partition()).isEqualTo(1);
    }

    @Test
    void missingUpdatedReadyReplicasIsTheSmallerOfUpdatedAndReady() {
        ObservedWorkload workload = ObservedWorkload.fromManifest(json("""
                {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"}, "spec": {"replicas": 4},
                 "status": {"replicas": 4, "readyReplicas": 3, "updatedReplicas": 2}}
                """), null).orElseThrow();
        assertThat(workload.updatedReadyReplicas()).isEqualTo(2);
    }

    @Test
    void failureConditionMessageIsKept() {
        ObservedWorkload workload = ObservedWorkload.fromManifest(json("""
                {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"},
                 "status": {"conditions": [{"type": "ReplicaFailure", "status": "True", "message": "quota"}]}}
                """), null).orElseThrow();
        assertThat(workload.failureMessage()).contains("quota");
    }

    @Test
    void otherKindsAreNotSubsetWorkloads() {
        assertThat(ObservedWorkload.fromManifest(json("{\"apiVersion\": \"v1\", \"kind\": \"Pod\"}"), null)).isEmpty();
    }
}
