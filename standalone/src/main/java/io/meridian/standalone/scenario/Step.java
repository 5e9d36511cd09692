package io.meridian.standalone.scenario;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/** One step of a scenario. {@link #describe()} is the text printed for it. */
public sealed interface Step {

    String describe();

    /** Sets {@code spec.replicas} (through the scale subresource where the kind has one). */
    record Scale(String cluster, String kind, String namespace, String name, int replicas) implements Step {
        @Override
        public String describe() {
            return "scale " + kind + " " + namespace + "/" + name + " to " + replicas;
        }
    }

    /** Polls until {@code expectation} holds or {@code within} has passed. */
    record Expect(Duration within, Expectation expectation) implements Step {
        @Override
        public String describe() {
            return "expect " + expectation.describe();
        }
    }

    /** Injects one fault into a cluster. */
    record Fault(String cluster, FaultKind kind, String target) implements Step {
        @Override
        public String describe() {
            return "fault " + cluster + " " + switch (kind) {
                case ZONE_FULL -> "zoneFull " + target;
                case NODE_NOT_READY -> "nodeNotReady " + target;
                case UNREACHABLE -> "unreachable";
            };
        }
    }

    enum FaultKind { ZONE_FULL, NODE_NOT_READY, UNREACHABLE }

    /** Undoes every fault on the cluster. */
    record Recover(String cluster) implements Step {
        @Override
        public String describe() {
            return "recover " + cluster;
        }
    }

    /** Applies (creates or changes) a manifest. */
    record Apply(String cluster, String manifest) implements Step {
        @Override
        public String describe() {
            return "apply " + ManifestLabel.of(manifest) + " in " + cluster;
        }
    }

    /** Deletes an object; {@code namespace} is null when the step gives none ({@code default} for a namespaced kind). */
    record Delete(String cluster, String kind, String namespace, String name) implements Step {
        @Override
        public String describe() {
            return "delete " + kind + " " + (namespace == null ? "" : namespace + "/") + name + " in " + cluster;
        }
    }

    /** Does nothing for a while. */
    record Wait(Duration duration) implements Step {
        @Override
        public String describe() {
            return "wait " + Durations.format(duration);
        }
    }

    /** What an {@code expect} step checks. Count maps are complete: anything not listed must be 0. */
    sealed interface Expectation {
        String describe();
    }

    /** Pods of the spread's workload, not terminating, per subset. */
    record WorkloadSpreadSubsets(String cluster, String namespace, String name, Map<String, Integer> subsets)
            implements Expectation {
        @Override
        public String describe() {
            return name + " subsets " + Counts.format(subsets);
        }
    }

    /** Replicas of each subset workload of a UnitedDeployment in the host cluster. */
    record UnitedDeploymentSubsets(String namespace, String name, Map<String, Integer> subsets) implements Expectation {
        @Override
        public String describe() {
            return "UnitedDeployment " + name + " subsets " + Counts.format(subsets);
        }
    }

    /** Replicas of a federated workload placed in each member cluster. */
    record WorkloadClusters(String kind, String namespace, String name, Map<String, Integer> clusters)
            implements Expectation {
        @Override
        public String describe() {
            return kind + " " + namespace + "/" + name + " clusters " + Counts.format(clusters);
        }
    }

    /** The observed workloads of a WorkloadRebalancer and their results. */
    record RebalancerResults(String name, List<ObservedWorkload> observedWorkloads) implements Expectation {
        @Override
        public String describe() {
            return "rebalancer " + name + " observedWorkloads " + observedWorkloads;
        }
    }

    record ObservedWorkload(String name, String result) {
        @Override
        public String toString() {
            return name + ": " + result;
        }
    }
}
