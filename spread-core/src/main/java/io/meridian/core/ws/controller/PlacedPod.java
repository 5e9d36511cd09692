package io.meridian.core.ws.controller;

import io.fabric8.kubernetes.api.model.Pod;

/** A pod, its version, and the subset it counts in ({@link #FAKE_SUBSET} when none). */
public record PlacedPod(Pod pod, String version, String subset) {
    public static final String FAKE_SUBSET = "kruise.io/workloadspread-fake-subset-name";

    public boolean inFakeSubset() {
        return FAKE_SUBSET.equals(subset);
    }
}
