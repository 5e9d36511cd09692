package io.meridian.command.ws.api;

import java.time.Instant;

/** The spread was deleted; admissions no longer go through it. */
public record WorkloadSpreadRemoved(String id, Instant at, long domainSequence) {
}
