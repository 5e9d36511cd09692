package io.meridian.core.karmada.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;
import java.util.Optional;

/**
 * The parts of a {@code policy.karmada.io/v1alpha1} PropagationPolicy {@code spec.placement} that replica
 * division reads. Deserialisable with Jackson; other placement fields are ignored. Absent objects are null.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Placement(ClusterAffinity clusterAffinity, List<ClusterAffinityTerm> clusterAffinities,
                        List<SpreadConstraint> spreadConstraints, ReplicaScheduling replicaScheduling) {
    /** No placement at all: any cluster, Duplicated. */
    public static final Placement NONE = new Placement(null, List.of(), List.of(), null);

    public Placement {
        clusterAffinities = clusterAffinities == null ? List.of() : List.copyOf(clusterAffinities);
        spreadConstraints = spreadConstraints == null ? List.of() : List.copyOf(spreadConstraints);
    }

    /** Absent replicaScheduling means Duplicated (§4). */
    public boolean isDuplicated() {
        return replicaScheduling == null || replicaScheduling.isDuplicated();
    }

    public StrategyClassification strategy() {
        return ReplicaStrategy.classify(replicaScheduling);
    }

    /**
     * Static weight in the sense of candidate selection (§3.5): Divided + Weighted with no weightPreference, or
     * a non-empty static list and no dynamic weight. Spread constraints are then ignored.
     */
    public boolean isStaticWeight() {
        if (replicaScheduling == null
                || !ReplicaScheduling.DIVIDED.equals(replicaScheduling.replicaSchedulingType())
                || !ReplicaScheduling.WEIGHTED.equals(replicaScheduling.replicaDivisionPreference())) {
            return false;
        }
        WeightPreference preference = replicaScheduling.weightPreference();
        return preference == null || (!preference.staticWeightList().isEmpty() && !preference.hasDynamicWeight());
    }

    public Optional<ClusterAffinityTerm> affinityTerm(String affinityName) {
        return clusterAffinities.stream().filter(term -> term.affinityName().equals(affinityName)).findFirst();
    }

    /**
     * The affinities a schedule under the term {@code affinityName} filters with, by overflow order: the single
     * {@code clusterAffinity}; else the named {@code clusterAffinities} term (the first when the name matches none)
     * and its overflow terms; else one affinity that matches every cluster.
     */
    public List<ClusterAffinity> affinitiesFor(String affinityName) {
        if (clusterAffinity != null) {
            return List.of(clusterAffinity);
        }
        if (clusterAffinities.isEmpty()) {
            return List.of(ClusterAffinity.anyCluster());
        }
        return affinityTerm(affinityName).orElse(clusterAffinities.get(0)).affinitiesByOverflowOrder();
    }

    /**
     * Replicas go tier by tier (§5.4) only when {@code clusterAffinity} is unset and the observed
     * {@code clusterAffinities} term exists and has overflow terms.
     */
    public boolean usesOverflowTiers(String observedAffinityName) {
        return clusterAffinity == null && affinityTerm(observedAffinityName)
                .map(term -> !term.overflowAffinities().isEmpty()).orElse(false);
    }

    /** What the mutating webhook stores (replica scheduling and spread constraint defaults). */
    public Placement withWebhookDefaults() {
        return new Placement(clusterAffinity, clusterAffinities,
                spreadConstraints.stream().map(SpreadConstraint::withWebhookDefaults).toList(),
                replicaScheduling == null ? null : replicaScheduling.withWebhookDefaults());
    }
}
