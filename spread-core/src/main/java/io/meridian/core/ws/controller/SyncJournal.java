package io.meridian.core.ws.controller;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/** What one sync notes on the way: events to raise and durations after which to look again. */
final class SyncJournal {
    private final LinkedHashSet<ControllerEvent> events = new LinkedHashSet<>();
    private final List<Duration> pending = new ArrayList<>();

    void raise(ControllerEvent event) {
        events.add(event);
    }

    void requeueAfter(Duration duration) {
        pending.add(duration.isNegative() ? Duration.ZERO : duration);
    }

    /** Duplicates (the same fact seen in several pod sets) are raised once, in first-seen order. */
    List<ControllerEvent> events() {
        return List.copyOf(events);
    }

    Optional<Duration> shortestPending() {
        return pending.stream().min(Comparator.naturalOrder());
    }
}
