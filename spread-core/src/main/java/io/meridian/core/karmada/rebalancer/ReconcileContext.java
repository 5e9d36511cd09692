package io.meridian.core.karmada.rebalancer;

import io.meridian.core.karmada.scheduler.BindingKey;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a reconcile observes besides the rebalancer, supplied up front so the reconcile is one pure call.
 *
 * @param lookups         the GET result per binding; a binding absent from the map is NotFound
 * @param updateOutcomes  the UPDATE result per binding; absent means the update applies
 * @param templates       the host's resource templates, for {@code spec.workloadSelector}
 * @param planner         the Fresh-mode assignment used by dry runs
 * @param progressPoll    how soon to look again while a make-before-break rebalance is under way
 */
public record ReconcileContext(Map<BindingKey, BindingLookup> lookups, Map<BindingKey, UpdateOutcome> updateOutcomes,
                               List<ResourceTemplate> templates, FreshPlanner planner, Duration progressPoll) {
    public static final Duration DEFAULT_PROGRESS_POLL = Duration.ofSeconds(5);

    public ReconcileContext {
        lookups = java.util.Collections.unmodifiableMap(new TreeMap<>(lookups));
        updateOutcomes = java.util.Collections.unmodifiableMap(new TreeMap<>(updateOutcomes));
        templates = templates == null ? List.of() : List.copyOf(templates);
        planner = planner == null ? FreshPlanner.KEEP_CURRENT : planner;
        progressPoll = progressPoll == null ? DEFAULT_PROGRESS_POLL : progressPoll;
    }

    public static ReconcileContext of(Map<BindingKey, BindingLookup> lookups) {
        return new ReconcileContext(lookups, Map.of(), List.of(), null, null);
    }

    public ReconcileContext withUpdateOutcomes(Map<BindingKey, UpdateOutcome> outcomes) {
        return new ReconcileContext(lookups, outcomes, templates, planner, progressPoll);
    }

    public ReconcileContext withTemplates(List<ResourceTemplate> hostTemplates) {
        return new ReconcileContext(lookups, updateOutcomes, hostTemplates, planner, progressPoll);
    }

    public ReconcileContext withPlanner(FreshPlanner freshPlanner) {
        return new ReconcileContext(lookups, updateOutcomes, templates, freshPlanner, progressPoll);
    }

    public BindingLookup lookup(BindingKey key) {
        return lookups.getOrDefault(key, BindingLookup.notFound());
    }

    public UpdateOutcome updateOutcome(BindingKey key) {
        return updateOutcomes.getOrDefault(key, UpdateOutcome.Applied);
    }
}
