package io.meridian.projection.placements;

import java.util.List;
import java.util.Map;

/** The answer of the placements API: pods per subset (those being rescheduled apart) and every pod's place. */
public record SpreadPlacements(String cluster, String namespace, String name, Map<String, SubsetCount> subsets,
                               List<Placement> pods) {

    public record SubsetCount(long placed, long rescheduling) {
    }
}
