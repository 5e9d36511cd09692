package io.meridian.core.ws.admission;

import static io.meridian.core.ws.admission.Fixtures.CLONESET;
import static io.meridian.core.ws.admission.Fixtures.NOW;
import static io.meridian.core.ws.admission.Fixtures.clonesetPod;
import static io.meridian.core.ws.admission.Fixtures.row;
import static io.meridian.core.ws.admission.Fixtures.spread;
import static io.meridian.core.ws.admission.Fixtures.subset;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.ws.MatchedWorkloadSpread;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.TargetReference;
import io.meridian.core.ws.model.WorkloadSpread;
import java.util.List;
import org.junit.jupiter.api.Test;

class PodDeletionBookkeepingTest {
    private static final WorkloadSpread SPREAD = spread("ws", CLONESET, List.of(subset("a", 3), subset("b", null)),
            List.of(row("a", 0), row("b", -1)));

    private static ObjectNode annotatedPod(String annotation) {
        ObjectNode pod = clonesetPod("p");
        if (annotation != null) {
            pod.with("metadata").putObject("annotations").put(MatchedWorkloadSpread.ANNOTATION, annotation);
        }
        return pod;
    }

    private static AdmissionResult delete(ObjectNode pod, WorkloadSpread spread) {
        return new PodDeletionBookkeeping().decide(new PodDeletionRequest(pod, List.of(ListedSpread.live(spread)),
                ClusterObjects.none(), AdmissionSettings.defaults(), NOW));
    }

    private static AdmissionResult deleteFromA(WorkloadSpread spread) {
        return delete(annotatedPod("{\"name\":\"ws\",\"subset\":\"a\"}"), spread);
    }

    @Test
    void deletionRecordsThePodAndFreesASlot() {
        AdmissionResult result = deleteFromA(SPREAD);
        assertThat(result.decision()).isInstanceOf(AdmissionDecision.Allow.class);
        SubsetStatus a = ((StatusChange.Recorded) result.statusChange()).rows().get(0);
        assertThat(a.deletingPods()).containsEntry("p", NOW);
        assertThat(a.missingReplicas()).isEqualTo(1);
    }

    @Test
    void podWithoutAnnotationIsIgnored() {
        assertThat(delete(annotatedPod(null), SPREAD).statusChange()).isInstanceOf(StatusChange.Unchanged.class);
    }

    @Test
    void invalidAnnotationIsIgnored() {
        assertThat(delete(annotatedPod("{not json"), SPREAD).statusChange()).isInstanceOf(StatusChange.Unchanged.class);
    }

    @Test
    void annotationKeysAreReadCaseInsensitively() {
        AdmissionResult result = delete(annotatedPod("{\"Name\":\"ws\",\"Subset\":\"a\"}"), SPREAD);
        assertThat(result.statusChange()).isInstanceOf(StatusChange.Recorded.class);
    }

    @Test
    void inactivePodIsIgnored() {
        ObjectNode pod = annotatedPod("{\"name\":\"ws\",\"subset\":\"a\"}");
        pod.putObject("status").put("phase", "Failed");
        assertThat(delete(pod, SPREAD).statusChange()).isInstanceOf(StatusChange.Unchanged.class);
    }

    @Test
    void podWithoutControllerIsIgnored() {
        ObjectNode pod = Fixtures.pod("p", null);
        pod.with("metadata").putObject("annotations").put(MatchedWorkloadSpread.ANNOTATION, "{\"name\":\"ws\",\"subset\":\"a\"}");
        assertThat(delete(pod, SPREAD).statusChange()).isInstanceOf(StatusChange.Unchanged.class);
    }

    @Test
    void unknownSpreadIsIgnoredWithoutError() {
        AdmissionResult result = delete(annotatedPod("{\"name\":\"gone\",\"subset\":\"a\"}"), SPREAD);
        assertThat(result.decision()).isInstanceOf(AdmissionDecision.Allow.class);
        assertThat(result.statusChange()).isInstanceOf(StatusChange.Unchanged.class);
    }

    @Test
    void unknownSubsetIsIgnored() {
        assertThat(delete(annotatedPod("{\"name\":\"ws\",\"subset\":\"zzz\"}"), SPREAD).statusChange())
                .isInstanceOf(StatusChange.Unchanged.class);
    }

    @Test
    void unlimitedSubsetRecordsNothing() {
        assertThat(delete(annotatedPod("{\"name\":\"ws\",\"subset\":\"b\"}"), SPREAD).statusChange())
                .isInstanceOf(StatusChange.Unchanged.class);
    }

    @Test
    void podAlreadyRecordedIsNotRecordedTwice() {
        WorkloadSpread creating = spread("ws", CLONESET, List.of(subset("a", 3), subset("b", 3)),
                List.of(row("a", 0), row("b", 2, List.of("p"))));
        assertThat(deleteFromA(creating).statusChange()).isInstanceOf(StatusChange.Unchanged.class);
    }

    @Test
    void singleUnlimitedSubsetRecordsNothing() {
        WorkloadSpread single = spread("ws", CLONESET, List.of(subset("a", null)), List.of(row("a", -1)));
        assertThat(deleteFromA(single).statusChange()).isInstanceOf(StatusChange.Unchanged.class);
    }

    @Test
    void statefulSetTargetRecordsNothing() {
        WorkloadSpread sts = spread("ws", new TargetReference("apps/v1", "StatefulSet", "web"),
                List.of(subset("a", 3), subset("b", 3)), List.of(row("a", 0), row("b", 0)));
        ObjectNode pod = Fixtures.pod("p", new ObjectRef("apps/v1", "StatefulSet", "web"));
        pod.with("metadata").putObject("annotations").put(MatchedWorkloadSpread.ANNOTATION, "{\"name\":\"ws\",\"subset\":\"a\"}");
        assertThat(delete(pod, sts).statusChange()).isInstanceOf(StatusChange.Unchanged.class);
    }

    @Test
    void rowsAreInitialisedWhenTheVersionHasNone() {
        WorkloadSpread fresh = spread("ws", CLONESET, List.of(subset("a", 3), subset("b", 3)), List.of());
        List<SubsetStatus> rows = ((StatusChange.Recorded) deleteFromA(fresh).statusChange()).rows();
        assertThat(rows).extracting(SubsetStatus::missingReplicas).containsExactly(4, 3);
    }
}
