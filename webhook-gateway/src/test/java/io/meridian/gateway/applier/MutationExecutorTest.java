package io.meridian.gateway.applier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.fabric8.zjsonpatch.JsonPatchException;
import io.meridian.schemas.Mutation;
import io.meridian.schemas.MutationResult.Outcome;
import io.meridian.schemas.ObjectRef;
import java.time.Instant;
import java.util.HashMap;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Each mutation type converges its target on a CRUD mock apiserver, and applying it again is a Noop. */
class MutationExecutorTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final AnswersFailedPatchTests dispatcher = new AnswersFailedPatchTests();
    private final KubernetesMockServer server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(),
            dispatcher, false);
    private final MutationExecutor executor = new MutationExecutor();

    /** As kube-apiserver: a JSON patch whose test fails is answered 422 (the stock mock leaves the request hanging). */
    static final class AnswersFailedPatchTests extends KubernetesCrudDispatcher {
        /** Answers every PATCH 403, as an API server does for a role without the verb. */
        volatile boolean patchForbidden;
        /** Answers every creation 422 with a Status, as an API server does for an object it finds invalid. */
        volatile boolean createInvalid;

        @Override
        public MockResponse handleCreate(RecordedRequest request) {
            if (createInvalid) {
                return new MockResponse().setResponseCode(422).setBody("{\"kind\":\"Status\",\"status\":\"Failure\","
                        + "\"message\":\"spec.replicas: Invalid value: -1\",\"code\":422}");
            }
            return super.handleCreate(request);
        }

        @Override
        public MockResponse handlePatch(RecordedRequest request) {
            if (patchForbidden) {
                return new MockResponse().setResponseCode(403).setBody("forbidden");
            }
            try {
                return super.handlePatch(request);
            } catch (JsonPatchException e) {
                return new MockResponse().setResponseCode(422).setBody(e.getMessage());
            }
        }
    }
    static final ObjectRef WEB = new ObjectRef("apps/v1", "Deployment", "deploy", "web", null, null);
    private KubernetesClient kube;

    @BeforeEach
    void start() {
        server.init();
        kube = server.createClient();
    }

    @AfterEach
    void stop() {
        kube.close();
        server.destroy();
    }

    static Mutation mutation(String id, Mutation.Type type, ObjectRef target, String body) {
        try {
            return new Mutation(1, id, "member1", Instant.parse("2026-11-22T04:00:00Z"), "member1/deploy/ws", "d-1", type, target,
                    JSON.readTree(body));
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    static ObjectRef pod(String name, String uid) {
        return new ObjectRef("v1", "Pod", "deploy", name, uid, null);
    }

    private String createPod(String name) {
        return kube.pods().inNamespace("deploy").resource(new PodBuilder().withNewMetadata().withName(name).addToLabels("app", "web")
                .endMetadata().withNewSpec().addNewContainer().withName("main").withImage("nginx").endContainer().endSpec().build())
                .create().getMetadata().getUid();
    }

    /** Deployment deploy/web holding {@code replicas}. */
    private void createWeb(int replicas) {
        kube.apps().deployments().inNamespace("deploy").resource(new DeploymentBuilder().withNewMetadata().withName("web")
                .endMetadata().withNewSpec().withReplicas(replicas).endSpec().build()).create();
    }

    private int webReplicas() {
        return kube.apps().deployments().inNamespace("deploy").withName("web").get().getSpec().getReplicas();
    }

    private ApplyResult twice(Mutation mutation, Outcome first) {
        ApplyResult result = executor.apply(mutation, kube);
        assertThat(result.outcome()).as(result.detail()).isEqualTo(first);
        ApplyResult again = executor.apply(mutation, kube);
        assertThat(again.outcome()).as(again.detail()).isEqualTo(Outcome.NOOP);
        return result;
    }

    @Test
    void setPodDeletionCostSetsAndClearsTheAnnotation() {
        createPod("web-1");

        twice(mutation("d/0", Mutation.Type.SET_POD_DELETION_COST, pod("web-1", null), "{\"cost\":\"-100\"}"), Outcome.PATCHED);
        assertThat(kube.pods().inNamespace("deploy").withName("web-1").get().getMetadata().getAnnotations())
                .containsEntry(MutationExecutor.DELETION_COST, "-100");

        twice(mutation("d/1", Mutation.Type.SET_POD_DELETION_COST, pod("web-1", null), "{\"cost\":null}"), Outcome.PATCHED);
        assertThat(kube.pods().inNamespace("deploy").withName("web-1").get().getMetadata().getAnnotations())
                .doesNotContainKey(MutationExecutor.DELETION_COST);
    }

    @Test
    void patchPodAddsLabelsAndAnnotationsAndKeepsTheOthers() {
        createPod("web-2");

        twice(mutation("d/0", Mutation.Type.PATCH_POD, pod("web-2", null),
                "{\"labels\":{\"subset\":\"ack\"},\"annotations\":{\"apps.kruise.io/matched-workloadspread\":\"{}\"}}"), Outcome.PATCHED);

        var metadata = kube.pods().inNamespace("deploy").withName("web-2").get().getMetadata();
        assertThat(metadata.getLabels()).containsEntry("subset", "ack").containsEntry("app", "web");
        assertThat(metadata.getAnnotations()).containsEntry("apps.kruise.io/matched-workloadspread", "{}");
    }

    @Test
    void deletePodRemovesThePodWithThatUidAndLeavesAReplacementAlone() {
        String uid = createPod("web-3");

        twice(mutation("d/0", Mutation.Type.DELETE_POD, pod("web-3", uid), "{\"reason\":\"reschedule\"}"), Outcome.PATCHED);
        assertThat(kube.pods().inNamespace("deploy").withName("web-3").get()).isNull();

        String replacement = createPod("web-3");
        ApplyResult stale = executor.apply(mutation("d/0", Mutation.Type.DELETE_POD, pod("web-3", uid), "{}"), kube);
        assertThat(stale.outcome()).isEqualTo(Outcome.NOOP);
        assertThat(stale.detail()).contains("left alone");
        assertThat(kube.pods().inNamespace("deploy").withName("web-3").get().getMetadata().getUid()).isEqualTo(replacement);
    }

    @Test
    void writeStatusMakesTheStatusEqual() {
        ObjectRef ws = new ObjectRef("apps.kruise.io/v1alpha1", "WorkloadSpread", "deploy", "ws-demo", null, null);
        kube.genericKubernetesResources(Targets.context(ws)).inNamespace("deploy").resource(generic(
                "{\"apiVersion\":\"apps.kruise.io/v1alpha1\",\"kind\":\"WorkloadSpread\",\"metadata\":{\"name\":\"ws-demo\","
                        + "\"namespace\":\"deploy\"},\"spec\":{\"subsets\":[{\"name\":\"ack\"}]}}")).create();

        twice(mutation("d/0", Mutation.Type.WRITE_STATUS, ws,
                "{\"status\":{\"observedGeneration\":1,\"subsetStatuses\":[{\"name\":\"ack\",\"missingReplicas\":2}]}}"), Outcome.PATCHED);

        JsonNode stored = JSON.valueToTree(kube.genericKubernetesResources(Targets.context(ws)).inNamespace("deploy")
                .withName("ws-demo").get());
        assertThat(stored.path("status").path("subsetStatuses").get(0).path("missingReplicas").asInt()).isEqualTo(2);
        assertThat(stored.path("spec").path("subsets").get(0).path("name").asText()).isEqualTo("ack");
    }

    @Test
    void applyObjectCreatesThenConvergesTheSpec() {
        ObjectRef cloneSet = new ObjectRef("apps.kruise.io/v1alpha1", "CloneSet", "deploy", "web-ack", null, null);
        String object = "{\"object\":{\"metadata\":{\"labels\":{\"ud\":\"web\"}},\"spec\":{\"replicas\":3,\"template\":{}}}}";

        twice(mutation("d/0", Mutation.Type.APPLY_OBJECT, cloneSet, object), Outcome.PATCHED);
        twice(mutation("d/1", Mutation.Type.APPLY_OBJECT, cloneSet, object.replace("3", "4")), Outcome.PATCHED);

        JsonNode stored = JSON.valueToTree(kube.genericKubernetesResources(Targets.context(cloneSet)).inNamespace("deploy")
                .withName("web-ack").get());
        assertThat(stored.path("spec").path("replicas").asInt()).isEqualTo(4);
        assertThat(stored.path("metadata").path("labels").path("ud").asText()).isEqualTo("web");
    }

    @Test
    void applyObjectExpectedAbsentIsOneRequest() {
        int before = server.getRequestCount();

        ApplyResult result = executor.apply(mutation("d/0", Mutation.Type.APPLY_OBJECT, WEB,
                "{\"absent\":true,\"object\":{\"spec\":{\"replicas\":3}}}"), kube);

        assertThat(result.outcome()).isEqualTo(Outcome.PATCHED);
        assertThat(server.getRequestCount() - before).isEqualTo(1);
        assertThat(webReplicas()).isEqualTo(3);
    }

    @Test
    void applyObjectExpectedAbsentIsANoopTheSecondTime() {
        twice(mutation("d/0", Mutation.Type.APPLY_OBJECT, WEB,
                "{\"absent\":true,\"object\":{\"spec\":{\"replicas\":3}}}"), Outcome.PATCHED);
    }

    @Test
    void applyObjectExpectedAbsentThatExistsStillConverges() {
        createWeb(9);

        ApplyResult result = executor.apply(mutation("d/0", Mutation.Type.APPLY_OBJECT, WEB,
                "{\"absent\":true,\"object\":{\"spec\":{\"replicas\":3}}}"), kube);

        assertThat(result.outcome()).as(result.detail()).isEqualTo(Outcome.PATCHED);
        assertThat(webReplicas()).isEqualTo(3);
    }

    @Test
    void applyObjectExpectedAbsentThatTheApiServerRefusesFailsWithItsCodeAndMessage() {
        dispatcher.createInvalid = true;

        assertThatThrownBy(() -> executor.apply(mutation("d/0", Mutation.Type.APPLY_OBJECT, WEB,
                "{\"absent\":true,\"object\":{\"spec\":{\"replicas\":3}}}"), kube))
                .isInstanceOfSatisfying(KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(422))
                .hasMessageContaining("spec.replicas: Invalid value: -1").hasMessageContaining("deploy/web");
    }

    @Test
    void applyObjectWithMergeKeepsTheFieldsItDoesNotName() {
        ObjectRef deployment = new ObjectRef("apps/v1", "Deployment", "deploy", "web", null, null);
        kube.apps().deployments().inNamespace("deploy").resource(new DeploymentBuilder().withNewMetadata().withName("web")
                .endMetadata().withNewSpec().withReplicas(9).withMinReadySeconds(7).endSpec().build()).create();

        twice(mutation("d/0", Mutation.Type.APPLY_OBJECT, deployment, "{\"merge\":true,\"object\":{\"metadata\":"
                + "{\"annotations\":{\"total\":\"9\"}},\"spec\":{\"replicas\":6}}}"), Outcome.PATCHED);

        JsonNode stored = JSON.valueToTree(kube.apps().deployments().inNamespace("deploy").withName("web").get());
        assertThat(stored.path("spec").path("replicas").asInt()).isEqualTo(6);
        assertThat(stored.path("spec").path("minReadySeconds").asInt()).isEqualTo(7);
        assertThat(stored.path("metadata").path("annotations").path("total").asText()).isEqualTo("9");
    }

    @Test
    void applyObjectWithMergeOnAnAbsentObjectCreatesNothing() {
        ObjectRef deployment = new ObjectRef("apps/v1", "Deployment", "deploy", "web", null, null);

        twice(mutation("d/0", Mutation.Type.APPLY_OBJECT, deployment, "{\"merge\":true,\"object\":{\"metadata\":"
                + "{\"annotations\":{\"total\":\"9\"}},\"spec\":{\"replicas\":6}}}"), Outcome.NOOP);

        assertThat(kube.apps().deployments().inNamespace("deploy").withName("web").get()).isNull();
    }

    @Test
    void scaleSetsTheReplicas() {
        createWeb(2);

        twice(mutation("d/0", Mutation.Type.SCALE, new ObjectRef("apps/v1", "Deployment", "deploy", "web", null, null),
                "{\"replicas\":5}"), Outcome.PATCHED);

        assertThat(webReplicas()).isEqualTo(5);
    }

    @Test
    void scaleFromWhatTheCopyHoldsIsOneRequest() {
        createWeb(2);
        int before = server.getRequestCount();

        ApplyResult result = executor.apply(mutation("d/0", Mutation.Type.SCALE,
                new ObjectRef("apps/v1", "Deployment", "deploy", "web", null, null), "{\"replicas\":5,\"from\":2}"), kube);

        assertThat(result.outcome()).isEqualTo(Outcome.PATCHED);
        assertThat(server.getRequestCount() - before).isEqualTo(1);
        assertThat(webReplicas()).isEqualTo(5);
    }

    @Test
    void scaleFromWhatTheCopyHoldsIsANoopTheSecondTime() {
        createWeb(2);

        twice(mutation("d/0", Mutation.Type.SCALE, new ObjectRef("apps/v1", "Deployment", "deploy", "web", null, null),
                "{\"replicas\":5,\"from\":2}"), Outcome.PATCHED);
    }

    @Test
    void scaleFromAValueTheCopyNoLongerHoldsStillConverges() {
        createWeb(3);

        ApplyResult result = executor.apply(mutation("d/0", Mutation.Type.SCALE,
                new ObjectRef("apps/v1", "Deployment", "deploy", "web", null, null), "{\"replicas\":5,\"from\":2}"), kube);

        assertThat(result.outcome()).as(result.detail()).isEqualTo(Outcome.PATCHED);
        assertThat(result.detail()).contains("3 -> 5");
        assertThat(webReplicas()).isEqualTo(5);
    }

    @Test
    void scaleFromWithoutTheRightToPatchStillConverges() {
        createWeb(2);
        dispatcher.patchForbidden = true;

        twice(mutation("d/0", Mutation.Type.SCALE, new ObjectRef("apps/v1", "Deployment", "deploy", "web", null, null),
                "{\"replicas\":5,\"from\":2}"), Outcome.PATCHED);

        assertThat(webReplicas()).isEqualTo(5);
    }

    @Test
    void scaleFromOfACopyReplacedMeanwhileTouchesNothing() {
        createWeb(2);

        ApplyResult result = executor.apply(mutation("d/0", Mutation.Type.SCALE,
                new ObjectRef("apps/v1", "Deployment", "deploy", "web", "other-uid", null), "{\"replicas\":5,\"from\":2}"), kube);

        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(webReplicas()).isEqualTo(2);
    }

    @Test
    void scaleFromOfAMissingCopyFails() {
        ApplyResult result = executor.apply(mutation("d/0", Mutation.Type.SCALE,
                new ObjectRef("apps/v1", "Deployment", "deploy", "gone", null, null), "{\"replicas\":5,\"from\":2}"), kube);

        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(result.detail()).contains("not found");
    }

    @Test
    void scalingAJobFromItsParallelismIsOneRequest() {
        kube.batch().v1().jobs().inNamespace("deploy").resource(new JobBuilder().withNewMetadata().withName("batch")
                .endMetadata().withNewSpec().withParallelism(1).endSpec().build()).create();
        int before = server.getRequestCount();

        twice(mutation("d/0", Mutation.Type.SCALE, new ObjectRef("batch/v1", "Job", "deploy", "batch", null, null),
                "{\"replicas\":4,\"from\":1}"), Outcome.PATCHED);

        assertThat(server.getRequestCount() - before).isEqualTo(3); // the patch; then the second apply's patch and read
        assertThat(kube.batch().v1().jobs().inNamespace("deploy").withName("batch").get().getSpec().getParallelism()).isEqualTo(4);
    }

    @Test
    void scalingAJobSetsItsParallelism() {
        kube.batch().v1().jobs().inNamespace("deploy").resource(new JobBuilder().withNewMetadata().withName("batch")
                .endMetadata().withNewSpec().withParallelism(1).endSpec().build()).create();

        twice(mutation("d/0", Mutation.Type.SCALE, new ObjectRef("batch/v1", "Job", "deploy", "batch", null, null),
                "{\"replicas\":4}"), Outcome.PATCHED);

        assertThat(kube.batch().v1().jobs().inNamespace("deploy").withName("batch").get().getSpec().getParallelism()).isEqualTo(4);
    }

    @Test
    void deleteObjectRemovesIt() {
        ObjectRef deployment = new ObjectRef("apps/v1", "Deployment", "deploy", "old", null, null);
        kube.apps().deployments().inNamespace("deploy").resource(new DeploymentBuilder().withNewMetadata().withName("old")
                .endMetadata().build()).create();

        twice(mutation("d/0", Mutation.Type.DELETE_OBJECT, deployment, "{}"), Outcome.PATCHED);

        assertThat(kube.apps().deployments().inNamespace("deploy").withName("old").get()).isNull();
    }

    @Test
    void aWriteWithAStaleResourceVersionIsAConflict() {
        createPod("web-4");
        var stale = kube.pods().inNamespace("deploy").withName("web-4").get();
        kube.pods().inNamespace("deploy").withName("web-4").edit(p -> {
            p.getMetadata().getLabels().put("moved", "on");
            return p;
        });
        stale.getMetadata().getLabels().put("mine", "too");

        assertThatThrownBy(() -> kube.pods().inNamespace("deploy").resource(stale).update())
                .isInstanceOfSatisfying(KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(409));
    }

    @Test
    void aMissingTargetFails() {
        ApplyResult result = executor.apply(mutation("d/0", Mutation.Type.SET_POD_DELETION_COST, pod("ghost", null),
                "{\"cost\":\"1\"}"), kube);

        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(result.detail()).contains("not found");
    }

    private static GenericKubernetesResource generic(String json) {
        try {
            return JSON.readValue(json, GenericKubernetesResource.class);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

}
