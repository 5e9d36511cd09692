package io.meridian.core.ws.controller;

/** The sync could not proceed (e.g. a replica path of the target is unreadable); nothing is written. */
public record SyncFailure(String reason) implements SyncOutcome {
}
