package io.meridian.gateway.live;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * A pod's controller-owner chain as read from its cluster: {@code complete} when every owner named was read
 * (or does not exist), not when a read timed out or failed — the chain then stops short of the workload.
 */
public record OwnerChain(List<JsonNode> owners, boolean complete) {
    public OwnerChain {
        owners = List.copyOf(owners);
    }

    public static OwnerChain complete(List<JsonNode> owners) {
        return new OwnerChain(owners, true);
    }

    public static OwnerChain cutShort(List<JsonNode> owners) {
        return new OwnerChain(owners, false);
    }
}
