package io.meridian.command.federation;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.cluster.ClusterChange;
import io.meridian.command.federation.api.MemberView;
import io.meridian.core.karmada.model.MemberCluster;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Karmada {@code Cluster} objects ({@code cluster.karmada.io}) and Meridian {@code MemberCluster} objects
 * ({@code apps.meridian.io}, same fields), cluster-scoped, applied to the host, one per member by name (a
 * MemberCluster wins over a Cluster of the same name): their {@code metadata.labels}, {@code spec.provider},
 * {@code spec.region} and {@code spec.zones} (or {@code spec.zone}) are what the kernel's affinity, field selector
 * and spread constraints see. A member without such an object has no labels and no fields.
 */
final class ClusterObjects {
    static final String KIND = "Cluster";
    static final String GROUP = "cluster.karmada.io/";
    static final String MEMBER_KIND = "MemberCluster";
    static final String MEMBER_GROUP = "apps.meridian.io/";

    private ClusterObjects() {
    }

    static boolean isClusterObject(JsonNode object) {
        return object != null && (isOf(object, KIND, GROUP) || isOf(object, MEMBER_KIND, MEMBER_GROUP));
    }

    private static boolean isOf(JsonNode object, String kind, String group) {
        return kind.equals(object.path("kind").asText()) && object.path("apiVersion").asText().startsWith(group);
    }

    static boolean isClusterObject(ClusterChange change) {
        return (KIND.equals(change.kind()) || MEMBER_KIND.equals(change.kind()))
                && isClusterObject(change.deleted() ? change.previous() : change.current());
    }

    /** The members with the labels and fields of their Cluster objects (among {@code objects}, by name). */
    static List<MemberView> describe(List<MemberView> members, List<? extends JsonNode> objects) {
        if (objects.isEmpty()) {
            return members;
        }
        Map<String, JsonNode> byName = new HashMap<>();
        objects.stream().filter(ClusterObjects::isClusterObject)
                .filter(o -> o.path("metadata").path("deletionTimestamp").isMissingNode())
                .sorted(java.util.Comparator.comparing(o -> isOf(o, MEMBER_KIND, MEMBER_GROUP)))
                .forEach(o -> byName.put(o.path("metadata").path("name").asText(), o));
        return members.stream().map(m -> describe(m, byName.get(m.name()))).toList();
    }

    /** One member with the labels and fields of its Cluster object; as it is when the object is null. */
    static MemberView describe(MemberView member, JsonNode object) {
        if (object == null) {
            return member;
        }
        JsonNode spec = object.path("spec");
        Map<String, String> labels = new HashMap<>();
        object.path("metadata").path("labels").fields()
                .forEachRemaining(label -> labels.put(label.getKey(), label.getValue().asText()));
        return member.withClusterFields(labels, spec.path("provider").asText(""), spec.path("region").asText(""),
                zones(spec));
    }

    /** {@code spec.zones}; else {@code spec.zone} (deprecated upstream) when set; else none. */
    private static List<String> zones(JsonNode spec) {
        List<String> zones = new java.util.ArrayList<>();
        spec.path("zones").forEach(zone -> zones.add(zone.asText("")));
        String zone = spec.path("zone").asText("");
        return zones.isEmpty() && !zone.isEmpty() ? List.of(zone) : zones;
    }

    /** The member as the kernel's candidate filter and spread selection see it. */
    static MemberCluster model(MemberView member) {
        return MemberCluster.inZones(member.name(), member.labels(), member.provider(), member.region(),
                member.zones());
    }
}
