package io.meridian.command.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.meridian.schemas.ObjectRef;
import org.junit.jupiter.api.Test;

class ClusterStateLatestVersionTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final ClusterState state = new ClusterState();

    private JsonNode object(String json) throws Exception {
        return JSON.readTree(json);
    }

    @Test
    void aCloneSetWhoseStatusIsNotVersionedHasNoLatestVersion() throws Exception {
        JsonNode cloneSet = object("""
                {"apiVersion":"apps.kruise.io/v1alpha1","kind":"CloneSet","metadata":{"namespace":"ns","name":"web"},
                 "status":{"updateRevision":"web-5474f59575"}}""");

        assertThat(state.latestVersion("c1", cloneSet)).isEqualTo("versionIgnored");
    }

    @Test
    void aReplicaSetsLatestVersionIsItsPodTemplateHash() throws Exception {
        JsonNode replicaSet = object("""
                {"apiVersion":"apps/v1","kind":"ReplicaSet",
                 "metadata":{"namespace":"ns","name":"web-abc","labels":{"pod-template-hash":"abc"}}}""");

        assertThat(state.latestVersion("c1", replicaSet)).isEqualTo("abc");
    }

    @Test
    void aDeploymentsLatestVersionIsThatOfItsNewestReplicaSet() throws Exception {
        state.upsert("c1", new ObjectRef("apps/v1", "ReplicaSet", "ns", "web-old", "u1", "1"), object("""
                {"metadata":{"labels":{"pod-template-hash":"old"},"annotations":{"deployment.kubernetes.io/revision":"1"},
                 "ownerReferences":[{"kind":"Deployment","name":"web","controller":true}]}}"""));
        state.upsert("c1", new ObjectRef("apps/v1", "ReplicaSet", "ns", "web-new", "u2", "2"), object("""
                {"metadata":{"labels":{"pod-template-hash":"new"},"annotations":{"deployment.kubernetes.io/revision":"2"},
                 "ownerReferences":[{"kind":"Deployment","name":"web","controller":true}]}}"""));
        JsonNode deployment = object("""
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"namespace":"ns","name":"web"}}""");

        assertThat(state.latestVersion("c1", deployment)).isEqualTo("new");
    }
}
