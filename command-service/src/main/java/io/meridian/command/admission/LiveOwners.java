package io.meridian.command.admission;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.ws.ObjectVersions;
import io.meridian.command.ws.api.AdmissionOutcome;
import java.util.ArrayList;
import java.util.List;

/**
 * The owner chain the gateway read from the member cluster at admission time ({@code liveOwners} of the
 * admission request), against the one the agents reported. The agents' view can lag a scale-up that a
 * pod creation immediately follows; a percentage {@code maxReplicas} must be scaled against the count
 * the pod was created for, so for spreads that use percentages the admission asks the gateway for the
 * live chain first ({@link #ask}) and decides with the newer version of each object ({@link #newer}); a chain
 * the gateway could not read in time is not decided on ({@link #refuse}).
 */
public final class LiveOwners {
    /** The admission answer's field that asks the gateway to send the request again with {@code liveOwners}. */
    public static final String NEEDS_FIELD = "needsLiveOwners";

    private LiveOwners() {
    }

    /** Whether a pod of this spread must be decided with live owners: some subset's maxReplicas is a percentage. */
    static boolean needed(ClusterState state, String cluster, String namespace, String spread) {
        return state.find(cluster, namespace, ClusterState.WORKLOAD_SPREAD, spread)
                .map(manifest -> usesPercentage(manifest.path("spec").path("subsets")))
                .orElse(false);
    }

    private static boolean usesPercentage(JsonNode subsets) {
        for (JsonNode subset : subsets) {
            if (subset.path("maxReplicas").isTextual()) {
                return true;
            }
        }
        return false;
    }

    /** The answer that asks for the live owners; nothing is decided or recorded. */
    static AdmissionOutcome ask(String decisionId, String spread) {
        return new AdmissionOutcome(decisionId, AdmissionOutcome.NEEDS_LIVE_OWNERS, null, null,
                spread + ": uses percentages, the workload's current replicas are needed", null);
    }

    /**
     * The answer when the gateway could not read the whole chain in time: deciding on the reported replicas
     * could let a scale-up race through, so the pod is refused (nothing is recorded) and its controller creates
     * it again, as it does after any refused creation.
     */
    static AdmissionOutcome refuse(String decisionId, String spread, String cluster) {
        return new AdmissionOutcome(decisionId, AdmissionOutcome.DENY, null, null, spread
                + ": uses percentages and the workload's current replicas could not be read from " + cluster
                + " in time; create the pod again", 503);
    }

    /**
     * The {@code liveOwners} of a request: null when the field is absent (not read yet), an empty list when
     * the gateway could not read them (the agents' view decides then).
     */
    static List<JsonNode> parse(JsonNode field) {
        if (field == null || field.isMissingNode() || field.isNull()) {
            return null;
        }
        if (!field.isArray()) {
            throw new IllegalArgumentException("liveOwners: must be an array of objects");
        }
        List<JsonNode> owners = new ArrayList<>();
        for (int i = 0; i < field.size(); i++) {
            JsonNode owner = field.get(i);
            if (!owner.isObject() || !owner.path("kind").isTextual() || !owner.path("metadata").path("name").isTextual()) {
                throw new IllegalArgumentException("liveOwners[" + i + "]: must be an object with kind and metadata.name");
            }
            owners.add(owner);
        }
        return List.copyOf(owners);
    }

    /** The agents' chain followed by the live one; {@link #newer} then keeps one version per object. */
    static List<JsonNode> plusLive(List<JsonNode> reported, List<JsonNode> live) {
        if (live == null || live.isEmpty()) {
            return reported;
        }
        List<JsonNode> all = new ArrayList<>(reported);
        all.addAll(live);
        return all;
    }

    /** Kind and name: one version of each object goes with a decision. */
    static String key(JsonNode object) {
        return object.path("kind").asText() + "/" + object.path("metadata").path("name").asText();
    }

    /**
     * The newer of two versions of one object: by resourceVersion when both are numbers (as etcd's are),
     * else by generation; on a tie {@code later} (the live read, which comes after the reported one).
     */
    static JsonNode newer(JsonNode earlier, JsonNode later) {
        return ObjectVersions.newer(earlier, later);
    }
}
