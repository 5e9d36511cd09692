package io.meridian.core.ud.alloc;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.meridian.core.ud.model.Subset;

/** Short constructors for allocator tests. */
final class AllocationFixtures {
    private AllocationFixtures() {
    }

    static Subset plain(String name) {
        return Subset.sized(name, null, null, null);
    }

    static Subset fixed(String name, Object replicas) {
        return Subset.sized(name, new IntOrString(replicas), null, null);
    }

    static Subset bounded(String name, Object min, Object max) {
        return Subset.sized(name, null, min == null ? null : new IntOrString(min), max == null ? null : new IntOrString(max));
    }

    static ExistingSubset ready(int replicas) {
        return new ExistingSubset(replicas, replicas, replicas, false, false, 0, 0);
    }

    static ExistingSubset pending(int specReplicas, int readyReplicas) {
        return new ExistingSubset(specReplicas, specReplicas, readyReplicas, true, true, specReplicas - readyReplicas,
                specReplicas - readyReplicas);
    }
}
