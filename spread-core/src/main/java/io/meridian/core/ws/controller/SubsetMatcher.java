package io.meridian.core.ws.controller;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import io.meridian.core.k8s.NodeSelectors;
import io.meridian.core.k8s.Tolerations;
import io.meridian.core.patch.StrategicMergePatch;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Scores how well an existing (un-annotated) pod on its node fits a subset:
 * {@code preferredNodeScore*100 + podScore*10 + quotaScore} (§1.7).
 */
public final class SubsetMatcher {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final StrategicMergePatch patcher;

    public SubsetMatcher(StrategicMergePatch patcher) {
        this.patcher = patcher;
    }

    public SubsetMatch match(WorkloadSpreadSubset subset, Node node, Pod pod, int quota) {
        if (!toleratesNode(subset, node, pod) || !meetsRequiredSelector(subset, node, pod)) {
            return SubsetMatch.noMatch();
        }
        int podScore = patchChangesNothing(subset, pod) ? 1 : 0;
        int quotaScore = quota > 0 ? 1 : 0;
        return SubsetMatch.scored(preferredNodeScore(subset, node) * 100 + podScore * 10 + quotaScore);
    }

    /** The index of the best matching subset; ties go to the earliest. Empty when none matches. */
    public OptionalInt bestSubset(List<WorkloadSpreadSubset> subsets, Node node, Pod pod, List<Integer> quotas) {
        int best = -1;
        int bestScore = -1;
        for (int i = 0; i < subsets.size(); i++) {
            SubsetMatch m = match(subsets.get(i), node, pod, quotas.get(i));
            if (m.matched() && m.score() > bestScore) {
                best = i;
                bestScore = m.score();
            }
        }
        return best < 0 ? OptionalInt.empty() : OptionalInt.of(best);
    }

    private static boolean toleratesNode(WorkloadSpreadSubset subset, Node node, Pod pod) {
        List<Taint> taints = node.getSpec() == null ? null : node.getSpec().getTaints();
        List<Toleration> tolerations = new ArrayList<>();
        if (pod.getSpec() != null && pod.getSpec().getTolerations() != null) {
            tolerations.addAll(pod.getSpec().getTolerations());
        }
        tolerations.addAll(subset.tolerations());
        return Tolerations.toleratesAll(taints, tolerations);
    }

    private static boolean meetsRequiredSelector(WorkloadSpreadSubset subset, Node node, Pod pod) {
        NodeSelectorTerm required = subset.requiredNodeSelector();
        if (required == null) {
            return true;
        }
        List<NodeSelectorTerm> podTerms = podRequiredTerms(pod);
        if (podTerms.isEmpty()) {
            return NodeSelectors.matchesTerm(required, node);
        }
        return NodeSelectors.matchesAnyTerm(podTerms.stream().map(t -> and(t, required)).toList(), node);
    }

    private static NodeSelectorTerm and(NodeSelectorTerm term, NodeSelectorTerm extra) {
        return new NodeSelectorTerm(concat(term.getMatchExpressions(), extra.getMatchExpressions()),
                concat(term.getMatchFields(), extra.getMatchFields()));
    }

    private static List<NodeSelectorRequirement> concat(List<NodeSelectorRequirement> a, List<NodeSelectorRequirement> b) {
        List<NodeSelectorRequirement> all = new ArrayList<>();
        Optional.ofNullable(a).ifPresent(all::addAll);
        Optional.ofNullable(b).ifPresent(all::addAll);
        return all;
    }

    private static List<NodeSelectorTerm> podRequiredTerms(Pod pod) {
        if (pod.getSpec() == null || pod.getSpec().getAffinity() == null
                || pod.getSpec().getAffinity().getNodeAffinity() == null
                || pod.getSpec().getAffinity().getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution() == null) {
            return List.of();
        }
        List<NodeSelectorTerm> terms = pod.getSpec().getAffinity().getNodeAffinity()
                .getRequiredDuringSchedulingIgnoredDuringExecution().getNodeSelectorTerms();
        return terms == null ? List.of() : terms;
    }

    private static int preferredNodeScore(WorkloadSpreadSubset subset, Node node) {
        int score = 0;
        for (PreferredSchedulingTerm term : subset.preferredNodeSelector()) {
            if (term.getWeight() != null && NodeSelectors.matchesTerm(term.getPreference(), node)) {
                score += term.getWeight();
            }
        }
        return score;
    }

    /** Annotations are left out of the comparison: the adoption itself writes one. */
    private boolean patchChangesNothing(WorkloadSpreadSubset subset, Pod pod) {
        JsonNode patch = subset.patch();
        if (patch == null || patch.isNull() || patch.isMissingNode() || patch.isEmpty()) {
            return true;
        }
        JsonNode before = JSON.valueToTree(pod);
        JsonNode after = patcher.applyToPod(before.deepCopy(), patch);
        return withoutAnnotations(before).equals(withoutAnnotations(after));
    }

    private static JsonNode withoutAnnotations(JsonNode pod) {
        JsonNode copy = pod.deepCopy();
        if (copy.get("metadata") instanceof ObjectNode metadata) {
            metadata.remove("annotations");
        }
        return copy;
    }
}
