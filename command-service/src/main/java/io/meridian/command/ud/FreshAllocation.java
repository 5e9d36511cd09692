package io.meridian.command.ud;

import io.meridian.core.ud.adaptive.AdaptiveSubsetState;
import io.meridian.core.ud.adaptive.DefaultAdaptiveState;
import io.meridian.core.ud.adaptive.SubsetObservation;
import io.meridian.core.ud.alloc.Allocation;
import io.meridian.core.ud.alloc.AllocationRequest;
import io.meridian.core.ud.alloc.AllocatorKind;
import io.meridian.core.ud.alloc.ExistingSubset;
import io.meridian.core.ud.model.Subset;
import io.meridian.core.ud.model.UdScheduleStrategy;
import io.meridian.core.ud.model.UnitedDeployment;
import io.meridian.core.ud.model.UnitedDeploymentDefaults;
import io.meridian.core.ud.model.UnitedDeploymentSpec;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A rebalancer's allocation (ext §7): the kernel's allocator as if no subset workload held any replica, so
 * neither current sizes nor ready pods hold replicas where they are. A subset that is unschedulable now (its
 * {@code Schedulable} condition False, within the window) still gets none.
 */
final class FreshAllocation {

    private FreshAllocation() {
    }

    static Allocation of(UnitedDeployment ud, Instant now) {
        UnitedDeploymentSpec spec = UnitedDeploymentDefaults.apply(ud.spec());
        UdScheduleStrategy strategy = spec.effectiveTopology().effectiveScheduleStrategy();
        Map<String, ExistingSubset> existing = new LinkedHashMap<>();
        if (strategy.isAdaptive()) {
            for (Subset subset : spec.effectiveTopology().subsets()) {
                var schedulable = ud.status().subsetStatus(subset.name()).flatMap(s -> s.schedulable());
                AdaptiveSubsetState state = DefaultAdaptiveState.evaluate(
                        SubsetObservation.missing(subset.name(), schedulable), strategy.effectiveAdaptive(), now);
                if (state.unschedulable()) {
                    existing.put(subset.name(), new ExistingSubset(0, 0, 0, true, true, 0, 0));
                }
            }
        }
        return AllocatorKind.allocate(strategy,
                new AllocationRequest(spec.replicas(), spec.effectiveTopology().subsets(), existing));
    }
}
