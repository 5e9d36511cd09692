package io.meridian.command.federation;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.federation.api.MemberView;
import io.meridian.core.karmada.model.Placement;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a binding reads when it decides: the host cluster, the template there (null once deleted), the
 * PropagationPolicy that selects it (null when none does) and, when one does, its {@linkplain PolicyMatch#placement
 * placement} and the {@linkplain FederatedTemplate#digest digest} of what the template's copies carry; the member
 * clusters, their {@link FleetRef} and, per cluster, the copy as it is now (the host's copy is the template itself).
 */
public record BindingSource(String host, JsonNode template, JsonNode policy, Placement placement,
                            String templateDigest, List<MemberView> members, FleetRef fleet,
                            Map<String, CopyState> copies) {
    public BindingSource {
        members = List.copyOf(members);
        copies = Map.copyOf(copies);
    }

    /** A member's copy: its {@code spec.replicas} and {@code status.readyReplicas}. */
    public record CopyState(int replicas, int readyReplicas) {
    }

    public boolean bound() {
        return template != null && policy != null;
    }

    public Optional<MemberView> member(String name) {
        return members.stream().filter(m -> m.name().equals(name)).findFirst();
    }
}
