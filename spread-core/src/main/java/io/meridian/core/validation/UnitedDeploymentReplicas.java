package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import io.fabric8.kubernetes.api.model.IntOrString;
import java.util.List;
import java.util.Optional;

/** The replica settings of UnitedDeployment subsets (Kruise §2.5), against spec.replicas or -1 when unset. */
final class UnitedDeploymentReplicas {
    static final int UNBOUNDED_MAX = 1_000_000;
    private static final FieldPath SUBSETS = UnitedDeploymentValidator.SPEC.child("topology").child("subsets");

    private UnitedDeploymentReplicas() {
    }

    /** A subset's parsed numbers; empty when unset or unparsable. */
    private record Numbers(Optional<Integer> replicas, Optional<Integer> min, Optional<Integer> max) {
    }

    static void validate(Optional<Integer> specReplicas, List<UnitedDeploymentTopology.Subset> subsets,
                         FieldErrors errors) {
        int expected = specReplicas.orElse(-1);
        int mark = errors.size();
        List<Numbers> numbers = subsets.stream().map(s -> parseAll(expected, s, errors)).toList();
        for (int i = 0; i < subsets.size(); i++) {
            Numbers n = numbers.get(i);
            if (n.min().orElse(0) > n.max().orElse(UNBOUNDED_MAX)) {
                errors.add(FieldError.invalid(subsets.get(i).path().child("minReplicas"),
                        Fields.member(subsets.get(i).node(), "minReplicas"),
                        "subset[" + i + "].minReplicas must be less than or equal to maxReplicas"));
            }
        }
        if (errors.size() > mark) {
            return;
        }
        boolean anyReplicas = subsets.stream().anyMatch(s -> s.replicas().isPresent());
        boolean anyMinMax = subsets.stream().anyMatch(UnitedDeploymentTopology.Subset::hasMinOrMax);
        if (anyReplicas && anyMinMax) {
            errors.add(FieldError.invalid(SUBSETS, expected, "subset.Replicas and subset.MinReplicas/subset.MaxReplicas"
                    + " are mutually exclusive in a UnitedDeployment"));
        } else if (anyMinMax) {
            validateMinMax(specReplicas, subsets, numbers, errors);
        } else {
            validateFixed(specReplicas, subsets, numbers, errors);
        }
    }

    private static Numbers parseAll(int expected, UnitedDeploymentTopology.Subset subset, FieldErrors errors) {
        return new Numbers(parse(expected, subset.replicas(), subset.path().child("replicas"), errors),
                parse(expected, subset.minReplicas(), subset.path().child("minReplicas"), errors),
                parse(expected, subset.maxReplicas(), subset.path().child("maxReplicas"), errors));
    }

    private static Optional<Integer> parse(int expected, Optional<IntOrString> value, FieldPath path,
                                           FieldErrors errors) {
        if (value.isEmpty()) {
            return Optional.empty();
        }
        SubsetReplicasParse parse = SubsetReplicasParse.parse(expected, value.get());
        if (parse instanceof SubsetReplicasParse.Failed failed) {
            errors.add(FieldError.invalid(path, rawValue(value.get()), failed.message()));
            return Optional.empty();
        }
        return Optional.of(((SubsetReplicasParse.Parsed) parse).replicas());
    }

    private static void validateMinMax(Optional<Integer> specReplicas, List<UnitedDeploymentTopology.Subset> subsets,
                                       List<Numbers> numbers, FieldErrors errors) {
        if (specReplicas.isEmpty()) {
            errors.add(FieldError.invalid(UnitedDeploymentValidator.SPEC.child("replicas"),
                    NullNode.getInstance(),
                    "spec.replicas must be not empty if you set subset.minReplicas/maxReplicas"));
            return;
        }
        if (subsets.stream().allMatch(s -> s.maxReplicas().isPresent())) {
            errors.add(FieldError.invalid(SUBSETS, specReplicas.get(), "at least one subset.maxReplicas must be empty"));
            return;
        }
        long minSum = numbers.stream().mapToLong(n -> n.min().orElse(0)).sum();
        long maxSum = numbers.stream().mapToLong(n -> n.max().orElse(UNBOUNDED_MAX)).sum();
        if (minSum > maxSum) {
            errors.add(FieldError.invalid(SUBSETS, minSum, "sum of indicated subset.minReplicas should not be greater"
                    + " than sum of indicated subset.maxReplicas"));
        }
    }

    private static void validateFixed(Optional<Integer> specReplicas, List<UnitedDeploymentTopology.Subset> subsets,
                                      List<Numbers> numbers, FieldErrors errors) {
        boolean allSpecified = subsets.stream().allMatch(s -> s.replicas().isPresent());
        long sum = numbers.stream().mapToLong(n -> n.replicas().orElse(0)).sum();
        if (specReplicas.isEmpty()) {
            if (!allSpecified) {
                errors.add(FieldError.invalid(SUBSETS, sum,
                        "if UnitedDeployment replicas is not provided, replicas of all subsets should be provided"));
            }
            return;
        }
        int replicas = specReplicas.get();
        if (sum > replicas) {
            errors.add(FieldError.invalid(SUBSETS, sum, "sum of indicated subset replicas " + sum
                    + " should not be greater than UnitedDeployment replicas " + replicas));
        } else if (allSpecified && !subsets.isEmpty() && sum != replicas) {
            errors.add(FieldError.invalid(SUBSETS, sum, "if replicas of all subsets are provided, the sum of indicated"
                    + " subset replicas " + sum + " should equal UnitedDeployment replicas " + replicas));
        }
    }

    private static JsonNode rawValue(IntOrString value) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        return value.getStrVal() != null ? nodes.textNode(value.getStrVal()) : nodes.numberNode(value.getIntVal());
    }
}
