package io.meridian.command.federation;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.meridian.command.ws.KernelJson;
import io.meridian.core.k8s.LabelSelectors;
import io.meridian.core.karmada.model.Placement;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Which policy ({@code policy.karmada.io/v1alpha1} or {@code apps.meridian.io/v1alpha1}) selects a template: a
 * resourceSelector matching apiVersion, kind and, when given, name, namespace and labelSelector. A PropagationPolicy
 * of the template's namespace that matches wins over every ClusterPropagationPolicy (cluster-scoped, selecting
 * templates of any namespace). Among several of one kind, the highest {@code spec.priority} wins, then the most
 * specific selector (name over labelSelector over kind alone), then the policy name.
 */
public final class PolicyMatch {
    public static final String KIND = "PropagationPolicy";
    public static final String CLUSTER_KIND = "ClusterPropagationPolicy";
    private static final int MAX_PARSED_SELECTORS = 10_000;
    private static final Map<JsonNode, LabelSelector> PARSED_SELECTORS = new ConcurrentHashMap<>();
    private static final Map<Held, LabelSelector> SELECTOR_NODES = new ConcurrentHashMap<>();

    private PolicyMatch() {
    }

    public static boolean isPolicyKind(String kind) {
        return KIND.equals(kind) || CLUSTER_KIND.equals(kind);
    }

    /**
     * The policy for the template among PropagationPolicies and ClusterPropagationPolicies (others are ignored); none
     * for a template in a {@linkplain ReservedNamespaces reserved namespace}.
     */
    public static Optional<JsonNode> select(List<? extends JsonNode> policies, JsonNode template) {
        String namespace = template.path("metadata").path("namespace").asText("");
        if (ReservedNamespaces.isReserved(namespace)) {
            return Optional.empty();
        }
        return best(policies.stream().filter(p -> KIND.equals(p.path("kind").asText()))
                .filter(p -> p.path("metadata").path("namespace").asText("").equals(namespace)), template)
                .or(() -> best(policies.stream().filter(p -> CLUSTER_KIND.equals(p.path("kind").asText())), template));
    }

    /**
     * The policy of highest priority, then specificity, then first by name. The template's labels are read once for
     * every policy, and each policy's specificity is computed once.
     */
    private static Optional<JsonNode> best(Stream<? extends JsonNode> policies, JsonNode template) {
        Map<String, String> labels = labels(template);
        return policies
                .filter(p -> p.path("metadata").path("deletionTimestamp").isMissingNode())
                .map(p -> new Candidate(p, specificity(p, template, labels)))
                .filter(c -> c.specificity() > 0)
                .min(Comparator.comparingInt((Candidate c) -> -c.policy().path("spec").path("priority").asInt(0))
                        .thenComparingInt(c -> -c.specificity())
                        .thenComparing(c -> c.policy().path("metadata").path("name").asText()))
                .map(Candidate::policy);
    }

    private record Candidate(JsonNode policy, int specificity) {
    }

    /** The placement as the kernel reads it, with the defaults upstream's CRD and webhook store. */
    public static Placement placement(JsonNode policy) {
        JsonNode node = policy.path("spec").path("placement");
        Placement placement = node.isObject() ? KernelJson.JSON.convertValue(node, Placement.class) : Placement.NONE;
        return placement.withWebhookDefaults();
    }

    /** {@code spec.failover.failback.stabilizationSeconds}; null when unset (failback off). */
    public static Integer stabilizationSeconds(JsonNode policy) {
        JsonNode value = policy.path("spec").path("failover").path("failback").path("stabilizationSeconds");
        return value.canConvertToInt() ? value.intValue() : null;
    }

    /** {@code apiVersion/name}, with {@code ClusterPropagationPolicy/} before the name for that kind. */
    public static String name(JsonNode policy) {
        String kind = CLUSTER_KIND.equals(policy.path("kind").asText()) ? CLUSTER_KIND + "/" : "";
        return policy.path("apiVersion").asText() + "/" + kind + policy.path("metadata").path("name").asText();
    }

    /** A template a selector names: its kind and name. */
    public record NamedTemplate(String kind, String name) {
    }

    /** The templates the policy's selectors name, when every one of them names one; empty when some selects more. */
    public static Optional<List<NamedTemplate>> namedTemplates(JsonNode policy) {
        List<NamedTemplate> named = new java.util.ArrayList<>();
        for (JsonNode selector : policy.path("spec").path("resourceSelectors")) {
            String name = selector.path("name").asText("");
            if (name.isEmpty()) {
                return Optional.empty();
            }
            named.add(new NamedTemplate(selector.path("kind").asText(), name));
        }
        return Optional.of(named);
    }

    /** 0 when no selector matches; else 3 for a name match, 2 for a label selector, 1 for kind alone. */
    static int specificity(JsonNode policy, JsonNode template) {
        return specificity(policy, template, labels(template));
    }

    private static int specificity(JsonNode policy, JsonNode template, Map<String, String> labels) {
        int best = 0;
        for (JsonNode selector : policy.path("spec").path("resourceSelectors")) {
            best = Math.max(best, selectorMatch(selector, template, labels));
        }
        return best;
    }

    private static int selectorMatch(JsonNode selector, JsonNode template, Map<String, String> labels) {
        JsonNode metadata = template.path("metadata");
        if (!selector.path("apiVersion").asText().equals(template.path("apiVersion").asText("apps/v1"))
                || !selector.path("kind").asText().equals(template.path("kind").asText())) {
            return 0;
        }
        String namespace = selector.path("namespace").asText("");
        if (!namespace.isEmpty() && !namespace.equals(metadata.path("namespace").asText(""))) {
            return 0;
        }
        String name = selector.path("name").asText("");
        if (!name.isEmpty()) {
            return name.equals(metadata.path("name").asText()) ? 3 : 0;
        }
        JsonNode labelSelector = selector.path("labelSelector");
        if (labelSelector.isObject()) {
            return LabelSelectors.matches(parsed(labelSelector), labels) ? 2 : 0;
        }
        return 1;
    }

    private static Map<String, String> labels(JsonNode template) {
        Map<String, String> values = new HashMap<>();
        template.path("metadata").path("labels").fields()
                .forEachRemaining(label -> values.put(label.getKey(), label.getValue().asText()));
        return values;
    }

    /**
     * The selector as the kernel reads it, converted once per distinct selector (not once per template and
     * sync): keyed by the selector's content, so a changed policy gets its new selector. Each node is looked up by
     * identity first (the cluster state replaces a policy's nodes when the policy changes): hashing a node's content
     * walked every field of it at each sync.
     */
    static LabelSelector parsed(JsonNode selector) {
        Held node = new Held(selector);
        LabelSelector seen = SELECTOR_NODES.get(node);
        if (seen != null) {
            return seen;
        }
        LabelSelector parsed = PARSED_SELECTORS.get(selector);
        if (parsed == null) {
            parsed = KernelJson.JSON.convertValue(selector, LabelSelector.class);
            PARSED_SELECTORS.put(selector.deepCopy(), parsed);
        }
        if (SELECTOR_NODES.size() >= MAX_PARSED_SELECTORS || PARSED_SELECTORS.size() >= MAX_PARSED_SELECTORS) {
            // selectors of deleted or changed policies go, the live ones come back
            SELECTOR_NODES.clear();
            PARSED_SELECTORS.clear();
        }
        SELECTOR_NODES.put(node, parsed);
        return parsed;
    }

    /** A node as a key by identity. */
    private record Held(JsonNode node) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Held held && held.node == node;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(node);
        }
    }
}
