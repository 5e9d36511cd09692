package io.meridian.core.ws.admission;

/** Whether a pod's controller-owner chain reaches a spread's target. */
sealed interface TargetMatch {
    record Matches() implements TargetMatch {
    }

    record NoMatch() implements TargetMatch {
    }

    /** An owner in the chain could not be read: the webhook answers NotFound. */
    record OwnerNotFound(GroupKind kind, String name) implements TargetMatch {
        String message() {
            return kind.kind() + (kind.group().isEmpty() ? "" : "." + kind.group()) + " \"" + name + "\" not found";
        }
    }
}
