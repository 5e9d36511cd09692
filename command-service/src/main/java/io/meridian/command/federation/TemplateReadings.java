package io.meridian.command.federation;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.karmada.model.Placement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per binding, what its last read derived from its template and the policies that may select it: the policy chosen,
 * its placement as the kernel reads it and the digest of what the copies carry. The cluster state stores a new object
 * on every change and never changes one it holds, so while a read finds the very same objects (by identity) the
 * answers are the same, and choosing the policy among dozens (their selectors matched against the template's labels),
 * converting its placement and hashing the template are skipped. A rebalance reads each binding twice (its reschedule
 * and the sync that ends its wait) with nothing changed between.
 */
final class TemplateReadings {
    /** Per binding, its last reading. */
    private final Map<String, Reading> readings = new ConcurrentHashMap<>();
    /** Per namespace, the last list of candidate policies read, shared by the readings of its templates. */
    private final Map<String, List<? extends JsonNode>> candidates = new ConcurrentHashMap<>();

    /** What a template read now gives: reused when the template and every candidate policy are those last read. */
    Reading read(BindingRef ref, JsonNode template, List<? extends JsonNode> policies) {
        if (template == null) {
            readings.remove(ref.id());
            return Reading.NONE;
        }
        List<? extends JsonNode> shared = shared(ref.namespace(), policies);
        Reading known = readings.get(ref.id());
        if (known != null && known.template() == template && known.policies() == shared) {
            return known;
        }
        JsonNode policy = PolicyMatch.select(shared, template).orElse(null);
        Reading reading = policy == null ? new Reading(template, shared, null, null, null)
                : new Reading(template, shared, policy, PolicyMatch.placement(policy),
                        FederatedTemplate.digest(template, ref.labelValue()));
        readings.put(ref.id(), reading);
        return reading;
    }

    /** The namespace's last list when it holds the same policies in the same order, else this one (kept as the last). */
    private List<? extends JsonNode> shared(String namespace, List<? extends JsonNode> policies) {
        List<? extends JsonNode> last = candidates.get(namespace);
        if (last != null && sameObjects(last, policies)) {
            return last;
        }
        List<? extends JsonNode> kept = List.copyOf(policies);
        candidates.put(namespace, kept);
        return kept;
    }

    /** The same nodes in the same order (the cluster state replaces an object's node when the object changes). */
    static boolean sameObjects(List<? extends JsonNode> a, List<? extends JsonNode> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i) != b.get(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The template and policies read, the policy chosen (null when none selects it) and, when one does, its placement
     * and the digest.
     */
    record Reading(JsonNode template, List<? extends JsonNode> policies, JsonNode policy, Placement placement,
                   String digest) {
        static final Reading NONE = new Reading(null, List.of(), null, null, null);
    }
}
