package io.meridian.core.ws.controller;

/** A sync either decides what to write or cannot read the workload's replicas. */
public sealed interface SyncOutcome permits SyncDecision, SyncFailure {
}
