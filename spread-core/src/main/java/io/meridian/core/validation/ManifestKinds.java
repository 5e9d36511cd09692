package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/** The kinds Meridian validates, the apiVersions each is accepted in, and the validator for each. */
public enum ManifestKinds {
    WORKLOAD_SPREAD("WorkloadSpread", List.of(Groups.KRUISE_V1ALPHA1, Groups.KRUISE_V1BETA1, Groups.MERIDIAN),
            WorkloadSpreadValidator::validate),
    UNITED_DEPLOYMENT("UnitedDeployment", List.of(Groups.KRUISE_V1ALPHA1, Groups.KRUISE_V1BETA1, Groups.MERIDIAN),
            UnitedDeploymentValidator::validate),
    WORKLOAD_REBALANCER("WorkloadRebalancer", List.of("apps.karmada.io/v1alpha1", Groups.MERIDIAN),
            (manifest, context) -> WorkloadRebalancerValidator.validate(manifest)),
    PROPAGATION_POLICY("PropagationPolicy", List.of(Groups.KARMADA_POLICY, Groups.MERIDIAN),
            (manifest, context) -> PropagationPolicyValidator.validate(manifest)),
    CLUSTER_PROPAGATION_POLICY("ClusterPropagationPolicy", List.of(Groups.KARMADA_POLICY, Groups.MERIDIAN),
            (manifest, context) -> PropagationPolicyValidator.validate(manifest)),
    CLUSTER("Cluster", List.of("cluster.karmada.io/v1alpha1"), (manifest, context) -> ClusterValidator.validate(manifest)),
    MEMBER_CLUSTER("MemberCluster", List.of(Groups.MERIDIAN), (manifest, context) -> ClusterValidator.validate(manifest));

    public static final String MERIDIAN_API_VERSION = Groups.MERIDIAN;

    private final String kind;
    private final List<String> apiVersions;
    private final BiFunction<JsonNode, ValidationContext, ValidationResult> validator;

    ManifestKinds(String kind, List<String> apiVersions,
                  BiFunction<JsonNode, ValidationContext, ValidationResult> validator) {
        this.kind = kind;
        this.apiVersions = apiVersions;
        this.validator = validator;
    }

    public String kind() {
        return kind;
    }

    public List<String> apiVersions() {
        return apiVersions;
    }

    ValidationResult validate(JsonNode manifest, ValidationContext context) {
        return validator.apply(manifest, context);
    }

    public static Optional<ManifestKinds> byKind(String kind) {
        return Arrays.stream(values()).filter(k -> k.kind.equals(kind)).findFirst();
    }

    public static List<String> kindNames() {
        return Arrays.stream(values()).map(ManifestKinds::kind).toList();
    }

    static boolean isMeridian(JsonNode manifest) {
        return MERIDIAN_API_VERSION.equals(Fields.member(manifest, "apiVersion").asText(""));
    }

    private static final class Groups {
        static final String KRUISE_V1ALPHA1 = "apps.kruise.io/v1alpha1";
        static final String KRUISE_V1BETA1 = "apps.kruise.io/v1beta1";
        static final String KARMADA_POLICY = "policy.karmada.io/v1alpha1";
        static final String MERIDIAN = "apps.meridian.io/v1alpha1";
    }
}
