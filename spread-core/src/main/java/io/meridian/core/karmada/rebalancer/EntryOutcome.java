package io.meridian.core.karmada.rebalancer;

import java.util.Optional;

/**
 * What step 2 did with one observed entry.
 *
 * @param entry    the entry as it goes into the new status
 * @param update   the binding update made for it, if any
 * @param progress whether the entry still waits: to be retried with backoff, or for a rollout to finish
 */
record EntryOutcome(ObservedWorkload entry, Optional<BindingUpdate> update, Progress progress) {
    enum Progress { Settled, Retry, Rolling }

    static EntryOutcome settled(ObservedWorkload entry) {
        return new EntryOutcome(entry, Optional.empty(), Progress.Settled);
    }

    static EntryOutcome retry(ObservedWorkload entry) {
        return new EntryOutcome(entry, Optional.empty(), Progress.Retry);
    }
}
