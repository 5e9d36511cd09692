package io.meridian.core.ws.admission;

import static io.meridian.core.ws.admission.Fixtures.CLONESET;
import static io.meridian.core.ws.admission.Fixtures.NOW;
import static io.meridian.core.ws.admission.Fixtures.NS;
import static io.meridian.core.ws.admission.Fixtures.admit;
import static io.meridian.core.ws.admission.Fixtures.cloneset;
import static io.meridian.core.ws.admission.Fixtures.clonesetPod;
import static io.meridian.core.ws.admission.Fixtures.create;
import static io.meridian.core.ws.admission.Fixtures.json;
import static io.meridian.core.ws.admission.Fixtures.row;
import static io.meridian.core.ws.admission.Fixtures.rowsAfter;
import static io.meridian.core.ws.admission.Fixtures.spread;
import static io.meridian.core.ws.admission.Fixtures.subset;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.meridian.core.ws.MatchedWorkloadSpread;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.TargetFilter;
import io.meridian.core.ws.model.TargetReference;
import io.meridian.core.ws.model.WorkloadSpread;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class PodCreationAdmissionTest {
    private static final WorkloadSpread TWO_SUBSETS = spread("ws", CLONESET, List.of(subset("a", 3), subset("b", 5)),
            List.of(row("a", 2), row("b", 5)));

    private static String chosen(AdmissionResult result) {
        return result.decision() instanceof AdmissionDecision.Patch patch ? patch.subset() : null;
    }

    @Nested
    class SkipRules {
        @Test
        void succeededPodIsAdmittedUnchanged() {
            ObjectNode pod = clonesetPod("p");
            pod.putObject("status").put("phase", "Succeeded");
            assertThat(admit(create(pod, TWO_SUBSETS)).decision()).isInstanceOf(AdmissionDecision.Allow.class);
        }

        @Test
        void terminatingPodIsAdmittedUnchanged() {
            ObjectNode pod = clonesetPod("p");
            pod.with("metadata").put("deletionTimestamp", "2024-05-01T09:00:00Z");
            assertThat(admit(create(pod, TWO_SUBSETS)).decision()).isInstanceOf(AdmissionDecision.Allow.class);
        }

        @Test
        void podWithoutControllerOwnerIsAdmittedUnchanged() {
            AdmissionResult result = admit(create(Fixtures.pod("p", null), TWO_SUBSETS));
            assertThat(result.decision()).isInstanceOf(AdmissionDecision.Allow.class);
            assertThat(result.reason()).contains("no controller owner");
        }

        @Test
        void podOwnedByAnUnsupportedKindIsAdmittedUnchanged() {
            ObjectNode pod = Fixtures.pod("p", new ObjectRef("example.com/v1", "Thing", "web"));
            AdmissionResult result = admit(create(pod, TWO_SUBSETS));
            assertThat(result.decision()).isInstanceOf(AdmissionDecision.Allow.class);
            assertThat(result.statusChange()).isInstanceOf(StatusChange.Unchanged.class);
        }

        @Test
        void whitelistedCustomKindIsSupported() {
            ObjectRef owner = new ObjectRef("example.com/v1", "GameServerSet", "gss");
            WorkloadSpread spread = spread("ws", new TargetReference("example.com/v1", "GameServerSet", "gss"),
                    List.of(subset("a", 3)), List.of(row("a", 3)));
            AdmissionSettings settings = new AdmissionSettings(WorkloadKinds.withWhitelist(List.of(
                    new CustomWorkload(new GroupKind("example.com", "GameServerSet"), "spec.replicas", List.of()))),
                    AdmissionSettings.defaults().versionedStatusKinds());
            PodCreationRequest request = new PodCreationRequest(Fixtures.pod("p", owner), List.of(ListedSpread.live(spread)),
                    ClusterObjects.none(), settings, NOW, "id", Map.of());
            assertThat(chosen(admit(request))).isEqualTo("a");
        }
    }

    @Nested
    class MatchedSpread {
        @Test
        void noMatchingSpreadAdmitsUnchangedWithoutStatus() {
            WorkloadSpread other = spread("ws", new TargetReference("apps.kruise.io/v1alpha1", "CloneSet", "other"),
                    List.of(subset("a", 3)), List.of(row("a", 3)));
            AdmissionResult result = admit(create(clonesetPod("p"), other, cloneset(3)));
            assertThat(result.decision()).isInstanceOf(AdmissionDecision.Allow.class);
            assertThat(result.statusChange()).isInstanceOf(StatusChange.Unchanged.class);
        }

        @Test
        void spreadBeingDeletedIsSkipped() {
            PodCreationRequest request = new PodCreationRequest(clonesetPod("p"),
                    List.of(new ListedSpread(TWO_SUBSETS, true)), ClusterObjects.none(), AdmissionSettings.defaults(),
                    NOW, "id", Map.of());
            assertThat(admit(request).decision()).isInstanceOf(AdmissionDecision.Allow.class);
        }

        @Test
        void spreadWithoutTargetIsSkipped() {
            WorkloadSpread noTarget = spread("ws", null, List.of(subset("a", 3)), List.of(row("a", 3)));
            assertThat(admit(create(clonesetPod("p"), noTarget)).decision()).isInstanceOf(AdmissionDecision.Allow.class);
        }

        @Test
        void firstMatchingSpreadWins() {
            WorkloadSpread first = spread("first", CLONESET, List.of(subset("x", 3)), List.of(row("x", 3)));
            WorkloadSpread second = spread("second", CLONESET, List.of(subset("y", 3)), List.of(row("y", 3)));
            PodCreationRequest request = new PodCreationRequest(clonesetPod("p"),
                    List.of(ListedSpread.live(first), ListedSpread.live(second)), ClusterObjects.none(),
                    AdmissionSettings.defaults(), NOW, "id", Map.of());
            assertThat(chosen(admit(request))).isEqualTo("x");
        }

        @Test
        void targetFilterSelectorThatRejectsThePodSkipsTheSpread() {
            TargetFilter filter = new TargetFilter(new LabelSelectorBuilder().addToMatchLabels("tier", "db").build(), null);
            WorkloadSpread filtered = spread("ws", CLONESET, filter, List.of(subset("a", 3)), List.of(row("a", 3)));
            assertThat(admit(create(clonesetPod("p"), filtered)).decision()).isInstanceOf(AdmissionDecision.Allow.class);
        }

        @Test
        void targetFilterSelectorThatTakesThePodMatches() {
            TargetFilter filter = new TargetFilter(new LabelSelectorBuilder().addToMatchLabels("tier", "db").build(), null);
            WorkloadSpread filtered = spread("ws", CLONESET, filter, List.of(subset("a", 3)), List.of(row("a", 3)));
            ObjectNode pod = clonesetPod("p");
            pod.with("metadata").putObject("labels").put("tier", "db");
            assertThat(chosen(admit(create(pod, filtered)))).isEqualTo("a");
        }

        @Test
        void targetMatchesWhateverTheVersion() {
            ObjectNode pod = Fixtures.pod("p", new ObjectRef("apps.kruise.io/v1beta1", "CloneSet", "web"));
            assertThat(chosen(admit(create(pod, TWO_SUBSETS)))).isEqualTo("a");
        }

        @Test
        void ownerChainThroughReplicaSetReachesDeployment() {
            TargetReference deployment = new TargetReference("apps/v1", "Deployment", "web");
            WorkloadSpread spread = spread("ws", deployment, List.of(subset("a", 3), subset("b", 3)), List.of(row("a", 3), row("b", 3)));
            ObjectNode pod = Fixtures.pod("p", new ObjectRef("apps/v1", "ReplicaSet", "web-abc"));
            ClusterObject replicaSet = new ClusterObject("apps/v1", "ReplicaSet", NS, "web-abc",
                    new ObjectRef("apps/v1", "Deployment", "web"), null);
            assertThat(chosen(admit(create(pod, spread, replicaSet)))).isEqualTo("a");
        }

        @Test
        void unreadableOwnerGivesNotFound() {
            ObjectNode pod = Fixtures.pod("p", new ObjectRef("apps/v1", "ReplicaSet", "gone"));
            AdmissionResult result = admit(create(pod, TWO_SUBSETS));
            assertThat(result.decision()).isInstanceOfSatisfying(AdmissionDecision.Deny.class,
                    deny -> assertThat(deny.code()).isEqualTo(AdmissionDecision.NOT_FOUND));
            assertThat(result.statusChange()).isInstanceOf(StatusChange.Unchanged.class);
        }

        @Test
        void whitelistSubResourceLeadsToTheCustomWorkload() {
            GroupKind workload = new GroupKind("game.io", "GameSet");
            GroupKind shard = new GroupKind("game.io", "GameShard");
            AdmissionSettings settings = new AdmissionSettings(
                    WorkloadKinds.withWhitelist(List.of(new CustomWorkload(workload, "spec.replicas", List.of(shard)))),
                    AdmissionSettings.defaults().versionedStatusKinds());
            WorkloadSpread spread = spread("ws", new TargetReference("game.io/v1", "GameSet", "g"), List.of(subset("a", 2)),
                    List.of(row("a", 2)));
            ClusterObject shardObject = new ClusterObject("game.io/v1", "GameShard", NS, "g-0",
                    new ObjectRef("game.io/v1", "GameSet", "g"), null);
            PodCreationRequest request = new PodCreationRequest(Fixtures.pod("p", new ObjectRef("game.io/v1", "GameShard", "g-0")),
                    List.of(ListedSpread.live(spread)), ClusterObjects.of(List.of(shardObject)), settings, NOW, "id", Map.of());
            assertThat(chosen(admit(request))).isEqualTo("a");
        }
    }

    @Nested
    class FastPath {
        @Test
        void singleUnlimitedSubsetIsChosenWithoutStatusOrUid() {
            WorkloadSpread spread = spread("ws", CLONESET, List.of(subset("only", null)), List.of());
            AdmissionResult result = admit(create(Fixtures.clonesetPod(""), spread));
            assertThat(chosen(result)).isEqualTo("only");
            assertThat(result.statusChange()).isInstanceOf(StatusChange.Unchanged.class);
            assertThat(annotation(result).uid()).isEmpty();
        }
    }

    @Nested
    class StatefulSetOrdinals {
        private final TargetReference sts = new TargetReference("apps/v1", "StatefulSet", "db");
        private final WorkloadSpread spread = spread("ws", sts,
                List.of(subset("a", 5), subset("b", 5), subset("c", null)), List.of());

        private String place(String podName, WorkloadSpread ws) {
            ObjectNode pod = Fixtures.pod(podName, new ObjectRef("apps/v1", "StatefulSet", "db"));
            AdmissionResult result = admit(create(pod, ws));
            assertThat(result.statusChange()).isInstanceOf(StatusChange.Unchanged.class);
            return chosen(result);
        }

        @Test
        void ordinalsFillSubsetsByRunningThreshold() {
            assertThat(List.of(place("db-0", spread), place("db-4", spread), place("db-5", spread), place("db-9", spread),
                    place("db-10", spread), place("db-500", spread))).containsExactly("a", "a", "b", "b", "c", "c");
        }

        @Test
        void nameWithoutOrdinalGoesToTheFirstSubset() {
            assertThat(place("db", spread)).isEqualTo("a");
        }

        @Test
        void unschedulableSubsetIsSkippedAndAddsNoThreshold() {
            WorkloadSpread withUnschedulableA = Fixtures.withTotals(spread, List.of(Fixtures.unschedulable(row("a", 5))));
            assertThat(List.of(place("db-0", withUnschedulableA), place("db-5", withUnschedulableA)))
                    .containsExactly("b", "c");
        }

        @Test
        void ordinalParsing() {
            assertThat(StatefulSetPlacement.ordinalOf("web-db-12")).isEqualTo(12);
            assertThat(StatefulSetPlacement.ordinalOf("web")).isEqualTo(-1);
            assertThat(StatefulSetPlacement.ordinalOf("web-")).isEqualTo(-1);
        }
    }

    @Nested
    class Reservation {
        @Test
        void namedPodIsReservedUnderItsName() {
            AdmissionResult result = admit(create(clonesetPod("p-1"), TWO_SUBSETS));
            List<SubsetStatus> rows = rowsAfter(result);
            assertThat(rows.get(0).creatingPods()).containsEntry("p-1", NOW);
            assertThat(rows.get(0).missingReplicas()).isEqualTo(1);
            assertThat(rows.get(1)).isEqualTo(row("b", 5));
            assertThat(annotation(result).uid()).isEmpty();
        }

        @Test
        void podWithoutNameIsReservedUnderTheGeneratedId() {
            AdmissionResult result = admit(create(clonesetPod(""), TWO_SUBSETS));
            assertThat(rowsAfter(result).get(0).creatingPods()).containsOnlyKeys("generated-1");
            assertThat(annotation(result)).isEqualTo(new MatchedWorkloadSpread("ws", "a", "generated-1"));
        }

        @Test
        void unlimitedRowIsChosenWithoutStatusChange() {
            WorkloadSpread spread = spread("ws", CLONESET, List.of(subset("a", 3), subset("b", null)),
                    List.of(row("a", 0), row("b", -1)));
            AdmissionResult result = admit(create(clonesetPod("p"), spread));
            assertThat(chosen(result)).isEqualTo("b");
            assertThat(result.statusChange()).isInstanceOf(StatusChange.Unchanged.class);
        }

        @Test
        void statusMinusOneIsTrustedOverTheSpecMaximum() {
            WorkloadSpread spread = spread("ws", CLONESET, List.of(subset("a", 1), subset("b", 1)),
                    List.of(row("a", -1), row("b", 1)));
            AdmissionResult result = admit(create(clonesetPod("p"), spread));
            assertThat(chosen(result)).isEqualTo("a");
            assertThat(result.statusChange()).isInstanceOf(StatusChange.Unchanged.class);
        }

        @Test
        void podAlreadyRecordedKeepsItsSubsetWithoutStatusChange() {
            WorkloadSpread spread = spread("ws", CLONESET, List.of(subset("a", 3), subset("b", 3)),
                    List.of(row("a", 3), row("b", 2, List.of("p"))));
            AdmissionResult result = admit(create(clonesetPod("p"), spread));
            assertThat(chosen(result)).isEqualTo("b");
            assertThat(result.statusChange()).isInstanceOf(StatusChange.Unchanged.class);
        }

        @Test
        void noSuitableSubsetAdmitsThePodUnmodified() {
            WorkloadSpread full = spread("ws", CLONESET, List.of(subset("a", 3), subset("b", 3)), List.of(row("a", 0), row("b", 0)));
            AdmissionResult result = admit(create(clonesetPod("p"), full));
            assertThat(result.decision()).isInstanceOf(AdmissionDecision.Allow.class);
            assertThat(result.statusChange()).isInstanceOf(StatusChange.Unchanged.class);
            assertThat(result.reason()).isEqualTo("ws: a full (3/3); b full (3/3); no suitable subset");
        }

        @Test
        void unschedulableRowIsSkipped() {
            WorkloadSpread spread = spread("ws", CLONESET, List.of(subset("a", 3), subset("b", 3)),
                    List.of(Fixtures.unschedulable(row("a", 3)), row("b", 3)));
            AdmissionResult result = admit(create(clonesetPod("p"), spread));
            assertThat(chosen(result)).isEqualTo("b");
            assertThat(result.reason()).isEqualTo("ws: a unschedulable; chose b (3 free)");
        }

        @Test
        void reasonNamesTheFullSubsetAndTheRoomLeft() {
            WorkloadSpread spread = spread("ws", CLONESET, List.of(subset("subset-a", 3), subset("subset-b", 4)),
                    List.of(row("subset-a", 0), row("subset-b", 2)));
            assertThat(admit(create(clonesetPod("p"), spread)).reason())
                    .isEqualTo("ws: subset-a full (3/3); chose subset-b (2 free)");
        }
    }

    @Nested
    class VersionedRows {
        @Test
        void missingRowsAreInitialisedFromTheCurrentWorkloadReplicas() {
            WorkloadSpread spread = spread("ws", CLONESET,
                    List.of(subset("a", new IntOrString("20%"), null), subset("b", null)), List.of());
            AdmissionResult result = admit(create(clonesetPod("p"), spread, cloneset(12)));
            List<SubsetStatus> rows = rowsAfter(result);
            assertThat(rows).extracting(SubsetStatus::missingReplicas).containsExactly(2, -1);
            assertThat(((StatusChange.Recorded) result.statusChange()).version()).isEqualTo("versionIgnored");
        }

        @Test
        void scaleUpJustBeforeCreationIsSeenThroughTheCurrentObject() {
            WorkloadSpread spread = spread("ws", CLONESET, List.of(subset("a", new IntOrString("50%"), null),
                    subset("b", new IntOrString("50%"), null)), List.of());
            assertThat(rowsAfter(admit(create(clonesetPod("p"), spread, cloneset(2)))).get(0).missingReplicas()).isZero();
            assertThat(rowsAfter(admit(create(clonesetPod("p"), spread, cloneset(20)))).get(0).missingReplicas()).isEqualTo(9);
        }

        @Test
        void initialisedRowsAreNotPersistedWhenNothingIsRecorded() {
            WorkloadSpread spread = spread("ws", CLONESET, List.of(subset("a", null), subset("b", 2)), List.of());
            AdmissionResult result = admit(create(clonesetPod("p"), spread, cloneset(2)));
            assertThat(chosen(result)).isEqualTo("a");
            assertThat(result.statusChange()).isInstanceOf(StatusChange.Unchanged.class);
        }

        @Test
        void deploymentPodUsesTheRowsOfItsTemplateHash() {
            TargetReference deployment = new TargetReference("apps/v1", "Deployment", "web");
            ObjectNode pod = Fixtures.pod("p", new ObjectRef("apps/v1", "ReplicaSet", "web-abc"));
            pod.with("metadata").putObject("labels").put("pod-template-hash", "abc");
            WorkloadSpread spread = spread("ws", deployment, List.of(subset("a", 1), subset("b", 1)),
                    List.of(row("a", 0), row("b", 0)));
            ClusterObject replicaSet = new ClusterObject("apps/v1", "ReplicaSet", NS, "web-abc",
                    new ObjectRef("apps/v1", "Deployment", "web"), null);
            AdmissionResult result = admit(create(pod, spread, replicaSet));
            StatusChange.Recorded recorded = (StatusChange.Recorded) result.statusChange();
            assertThat(recorded.version()).isEqualTo("abc");
            assertThat(recorded.rows()).extracting(SubsetStatus::missingReplicas).containsExactly(0, 1);
        }
    }

    @Nested
    class MinReplicas {
        private final WorkloadSpread spread = spread("ws", CLONESET,
                List.of(subset("a", new IntOrString(5), null), subset("b", new IntOrString(5), 2), subset("c", new IntOrString(5), 1)),
                List.of(row("a", 5), row("b", 5), row("c", 5)));

        @Test
        void podGoesToTheFirstSubsetBelowItsMinimum() {
            AdmissionResult result = admit(Fixtures.createWithActive(clonesetPod("p"), spread, Map.of()));
            assertThat(chosen(result)).isEqualTo("b");
            assertThat(result.reason()).isEqualTo("ws: b below minReplicas (0/2); chose b (5 free)");
        }

        @Test
        void creatingPodsCountTowardsTheMinimum() {
            WorkloadSpread reserved = spread("ws", CLONESET, spread.spec().subsets(),
                    List.of(row("a", 5), row("b", 3, List.of("x", "y")), row("c", 5)));
            assertThat(chosen(admit(Fixtures.createWithActive(clonesetPod("p"), reserved, Map.of())))).isEqualTo("c");
        }

        @Test
        void callersActiveCountsAreUsed() {
            assertThat(chosen(admit(Fixtures.createWithActive(clonesetPod("p"), spread, Map.of("b", 2, "c", 1)))))
                    .isEqualTo("a");
        }

        @Test
        void unschedulableSubsetBelowMinimumIsSkipped() {
            WorkloadSpread withUnschedulableB = spread("ws", CLONESET, spread.spec().subsets(),
                    List.of(row("a", 5), Fixtures.unschedulable(row("b", 5)), row("c", 5)));
            assertThat(chosen(admit(Fixtures.createWithActive(clonesetPod("p"), withUnschedulableB, Map.of())))).isEqualTo("c");
        }

        @Test
        void minimumsAreVisitedInSpecOrderWhateverTheRowOrder() {
            WorkloadSpread reordered = spread("ws", CLONESET, spread.spec().subsets(), List.of(row("c", 5), row("b", 5), row("a", 5)));
            assertThat(chosen(admit(Fixtures.createWithActive(clonesetPod("p"), reordered, Map.of())))).isEqualTo("b");
        }

        @Test
        void fullSubsetBelowItsMinimumIsNotOverfilled() {
            WorkloadSpread fullB = spread("ws", CLONESET, spread.spec().subsets(), List.of(row("a", 5), row("b", 0), row("c", 5)));
            assertThat(chosen(admit(Fixtures.createWithActive(clonesetPod("p"), fullB, Map.of())))).isEqualTo("c");
        }

        @Test
        void statusTotalsAreTheActiveCountWhenTheCallerGivesNone() {
            WorkloadSpread withTotals = Fixtures.withTotals(spread, List.of(
                    new SubsetStatus("b", 2, 3, null, null, null), new SubsetStatus("c", 1, 4, null, null, null)));
            assertThat(chosen(admit(Fixtures.createWithActive(clonesetPod("p"), withTotals, Map.of())))).isEqualTo("a");
        }
    }

    static MatchedWorkloadSpread annotation(AdmissionResult result) {
        AdmissionDecision.Patch patch = (AdmissionDecision.Patch) result.decision();
        String value = patch.mutatedPod().path("metadata").path("annotations").path(MatchedWorkloadSpread.ANNOTATION).asText();
        return MatchedWorkloadSpread.parse(value).orElseThrow();
    }

    @Test
    void invalidSubsetPatchDeniesWithoutStatusChange() {
        WorkloadSpread spread = spread("ws", CLONESET, List.of(new io.meridian.core.ws.model.WorkloadSpreadSubset("a", null, null,
                null, new IntOrString(3), null, json("{'metadata':{'$patch':'explode'}}")), subset("b", 3)), List.of(row("a", 3), row("b", 3)));
        AdmissionResult result = admit(create(clonesetPod("p"), spread));
        assertThat(result.decision()).isInstanceOf(AdmissionDecision.Deny.class);
        assertThat(result.statusChange()).isInstanceOf(StatusChange.Unchanged.class);
    }

    @Test
    void explicitNullAffinityIsReplacedByAnObject() {
        ObjectNode pod = clonesetPod("p");
        pod.with("spec").putNull("affinity");
        AdmissionDecision.Patch patch = (AdmissionDecision.Patch) admit(create(pod, TWO_SUBSETS)).decision();
        assertThat(patch.mutatedPod().path("spec").path("affinity").path("nodeAffinity").isObject()).isTrue();
    }

    @Test
    void jsonPatchTurnsTheIncomingPodIntoTheMutatedOne() {
        AdmissionResult result = admit(create(clonesetPod("p"), TWO_SUBSETS));
        AdmissionDecision.Patch patch = (AdmissionDecision.Patch) result.decision();
        assertThat(patch.jsonPatch()).contains(json("{'op':'add','path':'/metadata/annotations','value':"
                + "{'apps.kruise.io/matched-workloadspread':'{\\\"name\\\":\\\"ws\\\",\\\"subset\\\":\\\"a\\\"}'}}"));
    }

    @Test
    void sameInputsGiveTheSameDecision() {
        AdmissionResult first = admit(create(clonesetPod("p"), TWO_SUBSETS));
        AdmissionResult second = admit(create(clonesetPod("p"), TWO_SUBSETS));
        assertThat(first.decision()).isEqualTo(second.decision());
        assertThat(rowsAfter(first)).isEqualTo(rowsAfter(second));
    }
}
