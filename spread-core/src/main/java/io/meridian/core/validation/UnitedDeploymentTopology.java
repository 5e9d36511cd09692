package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.meridian.core.validation.k8s.Names;
import io.meridian.core.validation.k8s.NodeSelectors;
import io.meridian.core.validation.k8s.Tolerations;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** spec.topology of a UnitedDeployment: the subsets and the schedule strategy. */
record UnitedDeploymentTopology(List<UnitedDeploymentTopology.Subset> subsets) {
    private static final FieldPath TOPOLOGY = UnitedDeploymentValidator.SPEC.child("topology");
    private static final FieldPath SUBSETS = TOPOLOGY.child("subsets");
    private static final FieldPath STRATEGY = TOPOLOGY.child("scheduleStrategy");

    /** One subset as read; the replica fields are empty when unset or of the wrong type. */
    record Subset(FieldPath path, JsonNode node, String name, Optional<IntOrString> replicas,
                  Optional<IntOrString> minReplicas, Optional<IntOrString> maxReplicas) {
        boolean hasMinOrMax() {
            return minReplicas.isPresent() || maxReplicas.isPresent();
        }
    }

    static UnitedDeploymentTopology validate(JsonNode spec, Optional<String> templateKind, FieldErrors errors) {
        JsonNode topology = Fields.member(spec, "topology");
        if (Fields.object(topology, TOPOLOGY, errors).isEmpty()) {
            return new UnitedDeploymentTopology(List.of());
        }
        List<Subset> subsets = readSubsets(topology, errors);
        Set<String> names = new HashSet<>();
        boolean adaptive = validateStrategy(topology, templateKind, errors);
        for (Subset subset : subsets) {
            validateName(subset, names, errors);
            NodeSelectors.validateTerm(Fields.member(subset.node(), "nodeSelectorTerm"),
                    subset.path().child("nodeSelectorTerm"), errors);
            Tolerations.validate(Fields.member(subset.node(), "tolerations"), subset.path().child("tolerations"), errors);
            Fields.object(Fields.member(subset.node(), "patch"), subset.path().child("patch"), errors);
            Fields.string(Fields.member(subset.node(), "cluster"), subset.path().child("cluster"), errors);
            if (adaptive && subset.replicas().isPresent()) {
                errors.add(FieldError.forbidden(subset.path().child("replicas"),
                        "specify replicas use minReplicas/maxReplicas to enable adaptive strategy"));
            }
        }
        return new UnitedDeploymentTopology(subsets);
    }

    private static List<Subset> readSubsets(JsonNode topology, FieldErrors errors) {
        List<Subset> subsets = new ArrayList<>();
        for (Fields.Element element : Fields.elements(Fields.member(topology, "subsets"), SUBSETS, errors)) {
            JsonNode node = element.node();
            FieldPath path = element.path();
            if (Fields.object(node, path, errors).isEmpty()) {
                continue;
            }
            subsets.add(new Subset(path, node,
                    Fields.string(Fields.member(node, "name"), path.child("name"), errors).orElse(""),
                    Fields.intOrString(Fields.member(node, "replicas"), path.child("replicas"), errors),
                    Fields.intOrString(Fields.member(node, "minReplicas"), path.child("minReplicas"), errors),
                    Fields.intOrString(Fields.member(node, "maxReplicas"), path.child("maxReplicas"), errors)));
        }
        return subsets;
    }

    private static void validateName(Subset subset, Set<String> names, FieldErrors errors) {
        FieldPath path = subset.path().child("name");
        String name = subset.name();
        if (name.isEmpty()) {
            errors.add(FieldError.required(path, ""));
        } else if (!names.add(name)) {
            errors.add(FieldError.invalid(path, name, "duplicated subset name " + name));
        } else {
            List<String> problems = Names.dns1123Label(name);
            if (!problems.isEmpty()) {
                errors.add(FieldError.invalid(path, name, "invalid subset name " + String.join(", ", problems)));
            }
        }
    }

    /** Reads the strategy and tells whether it is Adaptive. */
    private static boolean validateStrategy(JsonNode topology, Optional<String> templateKind, FieldErrors errors) {
        JsonNode strategy = Fields.member(topology, "scheduleStrategy");
        if (Fields.object(strategy, STRATEGY, errors).isEmpty()) {
            return false;
        }
        boolean adaptive = Fields.string(Fields.member(strategy, "type"), STRATEGY.child("type"), errors)
                .filter(WorkloadSpreadSchedule.ADAPTIVE::equals).isPresent();
        FieldPath adaptivePath = STRATEGY.child("adaptive");
        JsonNode settings = Fields.member(strategy, "adaptive");
        if (Fields.object(settings, adaptivePath, errors).isEmpty()) {
            return adaptive;
        }
        Fields.int32(Fields.member(settings, "rescheduleCriticalSeconds"), adaptivePath.child("rescheduleCriticalSeconds"),
                errors);
        Fields.int32(Fields.member(settings, "unschedulableDuration"), adaptivePath.child("unschedulableDuration"), errors);
        FieldPath reservePath = adaptivePath.child("reserveUnschedulablePods");
        boolean reserve = Fields.bool(Fields.member(settings, "reserveUnschedulablePods"), reservePath, errors)
                .orElse(false);
        if (adaptive && reserve && templateKind.filter(UnitedDeploymentValidator.STATEFUL_TEMPLATES::contains).isPresent()) {
            errors.add(FieldError.invalid(reservePath, Fields.member(settings, "reserveUnschedulablePods"),
                    "only stateless workloads (Deployment and CloneSet) are supported by reserved rescheduling"));
        }
        return adaptive;
    }
}
