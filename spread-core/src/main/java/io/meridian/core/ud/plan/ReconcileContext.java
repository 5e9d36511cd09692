package io.meridian.core.ud.plan;

import io.fabric8.kubernetes.api.model.Condition;
import io.meridian.core.ud.model.Subset;
import io.meridian.core.ud.model.SubsetTemplate.KindedTemplate;
import io.meridian.core.ud.model.UdScheduleStrategy;
import io.meridian.core.ud.model.UdSubsetStatus;
import io.meridian.core.ud.model.UnitedDeployment;
import io.meridian.core.ud.model.UnitedDeploymentSpec;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What every step of one reconcile reads: the defaulted UD, its template, steps 2 to 4 of §2.3, the input. */
final class ReconcileContext {
    private final UnitedDeployment ud;
    private final KindedTemplate template;
    private final ReconcileInput input;
    private final Map<String, UdSubsetStatus> subsetStatuses;
    private final List<Condition> conditions;
    private final SubsetDiscovery discovery;

    ReconcileContext(UnitedDeployment ud, KindedTemplate template, ReconcileInput input) {
        this.ud = ud;
        this.template = template;
        this.input = input;
        this.subsetStatuses = SubsetStatuses.ensure(ud.status(), subsets(), strategy().isReservation(), input.now());
        this.conditions = RevisionCondition.set(ud.status().conditions(), ud.status().currentRevision(),
                input.updatedRevision(), input.now());
        this.discovery = SubsetDiscovery.of(input.workloads(), template.kind(), clusterBySubset(subsets()));
    }

    /** Subset name to member cluster (null = local), for every topology subset. */
    private static Map<String, String> clusterBySubset(List<Subset> subsets) {
        Map<String, String> clusters = new LinkedHashMap<>();
        subsets.forEach(subset -> clusters.put(subset.name(), subset.cluster()));
        return clusters;
    }

    UnitedDeployment ud() {
        return ud;
    }

    UnitedDeploymentSpec spec() {
        return ud.spec();
    }

    KindedTemplate template() {
        return template;
    }

    ReconcileInput input() {
        return input;
    }

    Instant now() {
        return input.now();
    }

    String updatedRevision() {
        return input.updatedRevision();
    }

    List<Subset> subsets() {
        return ud.spec().effectiveTopology().subsets();
    }

    UdScheduleStrategy strategy() {
        return ud.spec().effectiveTopology().effectiveScheduleStrategy();
    }

    UdSubsetStatus subsetStatus(String subset) {
        return subsetStatuses.get(subset);
    }

    /** The UD conditions with UnitedDeploymentUpdated set for this reconcile's revision. */
    List<Condition> conditions() {
        return conditions;
    }

    SubsetDiscovery discovery() {
        return discovery;
    }
}
