package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.validation.k8s.LabelSelectors;
import io.meridian.core.validation.k8s.Labels;
import io.meridian.core.validation.k8s.NodeSelectors;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The placement of a (Cluster)PropagationPolicy (Karmada §1.3). */
final class Placements {
    static final List<String> SCHEDULING_TYPES = List.of("Duplicated", "Divided");
    static final List<String> DIVISION_PREFERENCES = List.of("Aggregated", "Weighted");
    static final List<String> DYNAMIC_WEIGHTS = List.of("AvailableReplicas");
    static final List<String> SPREAD_FIELDS = List.of("cluster", "region", "zone", "provider");

    private Placements() {
    }

    static void validate(JsonNode placement, FieldPath path, FieldErrors errors) {
        if (Fields.object(placement, path, errors).isEmpty()) {
            return;
        }
        JsonNode affinity = Fields.member(placement, "clusterAffinity");
        JsonNode affinities = Fields.member(placement, "clusterAffinities");
        if (Fields.isSet(affinity) && Fields.isSet(affinities)) {
            errors.add(FieldError.forbidden(path.child("clusterAffinities"), "may not be set together with clusterAffinity"));
        }
        validateClusterAffinity(affinity, path.child("clusterAffinity"), errors);
        validateAffinityTerms(affinities, path.child("clusterAffinities"), errors);
        Fields.elements(Fields.member(placement, "spreadConstraints"), path.child("spreadConstraints"), errors)
                .forEach(c -> validateSpreadConstraint(c.node(), c.path(), errors));
        validateReplicaScheduling(Fields.member(placement, "replicaScheduling"), path.child("replicaScheduling"), errors);
    }

    /** clusterNames, exclude, labelSelector and fieldSelector of one cluster filter. */
    static void validateClusterAffinity(JsonNode affinity, FieldPath path, FieldErrors errors) {
        if (Fields.object(affinity, path, errors).isEmpty()) {
            return;
        }
        for (String list : List.of("clusterNames", "exclude")) {
            Fields.elements(Fields.member(affinity, list), path.child(list), errors)
                    .forEach(name -> Fields.string(name.node(), name.path(), errors));
        }
        LabelSelectors.validate(Fields.member(affinity, "labelSelector"), path.child("labelSelector"), errors);
        FieldPath fieldSelector = path.child("fieldSelector");
        Fields.object(Fields.member(affinity, "fieldSelector"), fieldSelector, errors).ifPresent(selector ->
                Fields.elements(Fields.member(selector, "matchExpressions"), fieldSelector.child("matchExpressions"), errors)
                        .forEach(e -> NodeSelectors.validateRequirement(e.node(), e.path(), errors)));
    }

    /** Ordered terms, each named uniquely, with optional overflow terms of the same shape. */
    private static void validateAffinityTerms(JsonNode terms, FieldPath path, FieldErrors errors) {
        Set<String> names = new HashSet<>();
        for (Fields.Element term : Fields.elements(terms, path, errors)) {
            validateNamedTerm(term, names, errors);
            Fields.elements(Fields.member(term.node(), "overflowAffinities"), term.path().child("overflowAffinities"),
                    errors).forEach(overflow -> validateNamedTerm(overflow, names, errors));
        }
    }

    private static void validateNamedTerm(Fields.Element term, Set<String> names, FieldErrors errors) {
        if (Fields.object(term.node(), term.path(), errors).isEmpty()) {
            return;
        }
        FieldPath namePath = term.path().child("affinityName");
        JsonNode name = Fields.member(term.node(), "affinityName");
        if (!Fields.isSet(name) || name.isTextual() && name.textValue().isEmpty()) {
            errors.add(FieldError.required(namePath, ""));
        } else {
            Fields.string(name, namePath, errors).filter(n -> !names.add(n))
                    .ifPresent(n -> errors.add(FieldError.duplicate(namePath, n)));
        }
        validateClusterAffinity(term.node(), term.path(), errors);
    }

    private static void validateSpreadConstraint(JsonNode constraint, FieldPath path, FieldErrors errors) {
        if (Fields.object(constraint, path, errors).isEmpty()) {
            return;
        }
        Specs.oneOf(constraint, "spreadByField", path, SPREAD_FIELDS, errors);
        FieldPath labelPath = path.child("spreadByLabel");
        Optional<String> label = Fields.string(Fields.member(constraint, "spreadByLabel"), labelPath, errors)
                .filter(l -> !l.isEmpty());
        label.ifPresent(l -> Labels.validateKey(l, labelPath, errors));
        if (label.isPresent() && Fields.member(constraint, "spreadByField").asText("").length() > 0) {
            errors.add(FieldError.forbidden(labelPath, "may not be set together with spreadByField"));
        }
        Optional<Integer> min = nonNegative(constraint, "minGroups", path, errors);
        Optional<Integer> max = nonNegative(constraint, "maxGroups", path, errors);
        if (min.isPresent() && max.isPresent() && max.get() < min.get()) {
            errors.add(FieldError.invalid(path.child("maxGroups"), max.get(),
                    "must be greater than or equal to minGroups"));
        }
    }

    private static Optional<Integer> nonNegative(JsonNode parent, String field, FieldPath parentPath,
                                                 FieldErrors errors) {
        FieldPath path = parentPath.child(field);
        Optional<Integer> value = Fields.int32(Fields.member(parent, field), path, errors);
        value.filter(v -> v < 0).ifPresent(v -> errors.add(FieldError.invalid(path, v,
                "must be greater than or equal to 0")));
        return value.filter(v -> v >= 0);
    }

    private static void validateReplicaScheduling(JsonNode scheduling, FieldPath path, FieldErrors errors) {
        if (Fields.object(scheduling, path, errors).isEmpty()) {
            return;
        }
        Specs.oneOf(scheduling, "replicaSchedulingType", path, SCHEDULING_TYPES, errors);
        Specs.oneOf(scheduling, "replicaDivisionPreference", path, DIVISION_PREFERENCES, errors);
        FieldPath weightPath = path.child("weightPreference");
        JsonNode weights = Fields.member(scheduling, "weightPreference");
        if (Fields.object(weights, weightPath, errors).isEmpty()) {
            return;
        }
        for (Fields.Element entry : Fields.elements(Fields.member(weights, "staticWeightList"),
                weightPath.child("staticWeightList"), errors)) {
            validateStaticWeight(entry, errors);
        }
        Specs.oneOf(weights, "dynamicWeight", weightPath, DYNAMIC_WEIGHTS, errors);
    }

    private static void validateStaticWeight(Fields.Element entry, FieldErrors errors) {
        if (Fields.object(entry.node(), entry.path(), errors).isEmpty()) {
            return;
        }
        FieldPath targetPath = entry.path().child("targetCluster");
        JsonNode target = Fields.member(entry.node(), "targetCluster");
        if (!Fields.isSet(target)) {
            errors.add(FieldError.required(targetPath, ""));
        }
        validateClusterAffinity(target, targetPath, errors);
        FieldPath weightPath = entry.path().child("weight");
        JsonNode weight = Fields.member(entry.node(), "weight");
        if (!Fields.isSet(weight)) {
            errors.add(FieldError.required(weightPath, ""));
        }
        Fields.int64(weight, weightPath, errors).filter(w -> w < 1).ifPresent(w ->
                errors.add(FieldError.invalid(weightPath, w, "must be greater than or equal to 1")));
    }
}
