package io.meridian.core.karmada.division;

/** A cluster's weight (votes) in a division. */
public record ClusterWeight(String name, long weight) {
}
