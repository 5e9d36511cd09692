package io.meridian.command.admission;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.ws.KernelJson;
import io.meridian.core.ws.admission.ListedSpread;
import io.meridian.core.ws.model.WorkloadSpreadStatus;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The routing's kernel view of each WorkloadSpread manifest, parsed once per manifest version: the cluster
 * state replaces a spread's manifest object on every change, so the object itself tells whether the parse
 * is still current (every admission would otherwise parse every spread of its namespace).
 */
final class ParsedSpreads {
    private static final Logger log = LoggerFactory.getLogger(ParsedSpreads.class);

    private record Parsed(ObjectNode manifest, ListedSpread spread) {
    }

    private final Map<String, Parsed> byName = new ConcurrentHashMap<>();

    /** The listed spread of {@code manifest}; null for a spec the kernel cannot read. */
    ListedSpread of(String cluster, ObjectNode manifest) {
        String key = cluster + "/" + manifest.path("metadata").path("namespace").asText("") + "/"
                + manifest.path("metadata").path("name").asText("");
        Parsed parsed = byName.get(key);
        if (parsed == null || parsed.manifest() != manifest) {
            parsed = new Parsed(manifest, parse(manifest));
            byName.put(key, parsed);
        }
        return parsed.spread();
    }

    private static ListedSpread parse(ObjectNode manifest) {
        try {
            boolean deleting = manifest.path("metadata").hasNonNull("deletionTimestamp");
            return new ListedSpread(KernelJson.spread(manifest, WorkloadSpreadStatus.EMPTY), deleting);
        } catch (IllegalArgumentException unreadable) {
            log.debug("skipping an unreadable spread: {}", unreadable.getMessage());
            return null;
        }
    }
}
