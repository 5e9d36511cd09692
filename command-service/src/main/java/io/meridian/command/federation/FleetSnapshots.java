package io.meridian.command.federation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.meridian.command.federation.api.MemberView;
import io.meridian.command.ws.KernelJson;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which fleets (member lists) a committed decision of this process already carries inline. Every binding decision
 * records what it read; the member list is the same for every binding until a member changes, and at 100 members
 * it is ~29 KB of JSON, so a decision records it once and later decisions refer to it by digest. The set is this
 * process's own: after a restart, or in another instance, the first decision of each fleet carries it inline again.
 */
public class FleetSnapshots {
    private static final ObjectMapper CANONICAL = KernelJson.JSON.copy()
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
    private final Set<String> recorded = ConcurrentHashMap.newKeySet();
    private volatile Digested last = new Digested(List.of(), digest(List.of()));

    private record Digested(List<MemberView> members, String digest) {
    }

    /**
     * The reference to {@code members}, digested once per distinct list (a sync of every binding reads the same, and
     * while the fleet does not change, the very same list: no comparison then).
     */
    public FleetRef ref(List<MemberView> members) {
        Digested cached = last;
        if (cached.members() != members && !cached.members().equals(members)) {
            cached = new Digested(List.copyOf(members), digest(members));
            last = cached;
        }
        return new FleetRef(cached.digest(), recorded.contains(cached.digest()));
    }

    /** A decision carrying the fleet of {@code digest} inline is committed. */
    public void recorded(String digest) {
        recorded.add(digest);
    }

    /** SHA-256, in hex, of the members' JSON with map entries in key order. */
    public static String digest(List<MemberView> members) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(CANONICAL.writeValueAsBytes(members)));
        } catch (JsonProcessingException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot digest the member clusters", e);
        }
    }
}
