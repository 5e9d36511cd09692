package io.meridian.core.karmada.scheduler;

import io.meridian.core.karmada.model.TargetCluster;
import java.util.List;

/** The outcome of scheduling a binding with one {@code clusterAffinities} term. */
public sealed interface TermAttempt {
    record Scheduled(List<TargetCluster> clusters) implements TermAttempt {
        public Scheduled {
            clusters = List.copyOf(clusters);
        }
    }

    /** No cluster fits the term. */
    record FitError(String message) implements TermAttempt {
    }

    /** Any other scheduling error. */
    record OtherError(String message) implements TermAttempt {
    }

    static TermAttempt scheduled(List<TargetCluster> clusters) {
        return new Scheduled(clusters);
    }

    static TermAttempt fitError(String message) {
        return new FitError(message);
    }

    static TermAttempt otherError(String message) {
        return new OtherError(message);
    }
}
