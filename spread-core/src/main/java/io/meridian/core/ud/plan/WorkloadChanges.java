package io.meridian.core.ud.plan;

import io.meridian.core.patch.StrategicMergePatch;
import io.meridian.core.ud.adaptive.AdaptiveSubsetState;
import io.meridian.core.ud.adaptive.SubsetObservation;
import io.meridian.core.ud.alloc.Allocation;
import io.meridian.core.ud.model.Subset;
import io.meridian.core.ud.render.RenderedWorkload;
import io.meridian.core.ud.render.SubsetRenderRequest;
import io.meridian.core.ud.render.SubsetWorkloadRenderer;
import io.meridian.core.ud.render.WorkloadSpecFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Steps 9 and 10 of §2.3: the workloads to create, update and delete, and the pod labels to write. */
final class WorkloadChanges {
    private final SubsetWorkloadRenderer renderer;

    WorkloadChanges(StrategicMergePatch patcher) {
        this.renderer = new SubsetWorkloadRenderer(patcher);
    }

    record Changes(List<RenderedWorkload> creates, List<RenderedWorkload> updates, List<WorkloadDeletion> deletions,
                   List<PodLabelChange> podLabels, boolean scaledUp) {
    }

    Changes plan(ReconcileContext context, Allocation allocation, Map<String, Integer> partitions,
                 Map<String, AdaptiveSubsetState> states, Map<String, SubsetObservation> observed) {
        List<RenderedWorkload> creates = new ArrayList<>();
        List<RenderedWorkload> updates = new ArrayList<>();
        List<PodLabelChange> podLabels = new ArrayList<>();
        boolean scaledUp = false;
        for (Subset subset : context.subsets()) {
            String name = subset.name();
            AdaptiveSubsetState state = states.get(name);
            SubsetRenderRequest request = SubsetRenderRequest.of(allocation.replicasOf(name), partitions.get(name),
                    context.updatedRevision());
            if (state != null && state.maxUnavailable(observed.get(name)).isPresent()) {
                request = request.withMaxUnavailable(state.maxUnavailable(observed.get(name)).getAsInt());
            }
            RenderedWorkload rendered = renderer.render(context.ud(), context.template(), subset, request);
            ObservedWorkload workload = context.discovery().kept().get(name);
            if (workload == null) {
                creates.add(rendered);
            } else {
                scaledUp |= request.replicas() > workload.specReplicas();
                if (needsUpdate(workload, rendered, request, subset)) {
                    updates.add(rendered.named(workload.name()));
                }
            }
            if (state != null) {
                state.podLabels().forEach((pod, value) -> podLabels.add(new PodLabelChange(name, pod, value)));
            }
        }
        return new Changes(creates, updates, context.discovery().deletions(), podLabels, scaledUp);
    }

    /** Revision, replicas, partition or patch differ, or not all pods are updated yet. */
    private static boolean needsUpdate(ObservedWorkload workload, RenderedWorkload rendered,
                                       SubsetRenderRequest request, Subset subset) {
        int renderedPartition = WorkloadSpecFields.partitionOf(rendered.manifest().path("spec"), rendered.kind());
        String patch = subset.patch() == null ? null : subset.patch().toString();
        return !Objects.equals(workload.revision(), request.revision())
                || workload.specReplicas() != request.replicas()
                || workload.partition() != renderedPartition
                || !Objects.equals(workload.patchAnnotation(), patch)
                || workload.updatedReplicas() < workload.statusReplicas();
    }
}
