package io.meridian.conformance;

import io.meridian.core.karmada.model.ClusterAffinityTerm;
import io.meridian.core.karmada.model.TargetCluster;
import io.meridian.core.karmada.scheduler.TermAttempt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the {@code scheduleOutcome} wording of schedulerTrigger cases into a per-term schedule function, e.g.
 * "first attempt succeeds with cluster1:1", "attempt with affinity2 succeeds with cluster2:1",
 * "affinity1 fails (fit error), affinity2 succeeds with c2:3", "all attempts fail". A term the wording does not
 * mention fails with a fit error.
 */
final class ScheduleOutcomeProse {
    private static final List<String> ORDINALS = List.of("first", "second", "third", "fourth", "fifth");
    private static final Pattern CLAUSE = Pattern.compile(
            "(?:(first|second|third|fourth|fifth) attempt|attempt (?:with|for|using) ([\\w.-]+)|([\\w.-]+))"
                    + "(?: attempt)?\\s+(succeeds|fails)"
                    + "(?:\\s+with\\s+((?:[\\w.-]+:\\d+)(?:\\s*,\\s*[\\w.-]+:\\d+)*))?"
                    + "((?:\\s+with)?\\s*\\(?(?:a |an )?(?:fit error|no cluster fits|other error|error)\\)?)?");
    private static final Pattern CLUSTER = Pattern.compile("([\\w.-]+):(\\d+)");

    private final Map<String, TermAttempt> byName = new HashMap<>();
    private final Map<Integer, TermAttempt> byOrdinal = new HashMap<>();
    private final List<String> tried = new ArrayList<>();

    private ScheduleOutcomeProse(String prose) {
        Matcher clause = CLAUSE.matcher(prose.toLowerCase(Locale.ROOT));
        while (clause.find()) {
            TermAttempt attempt = attempt(clause.group(4), clause.group(5), clause.group(6));
            if (clause.group(1) != null) {
                byOrdinal.put(ORDINALS.indexOf(clause.group(1)), attempt);
            } else {
                byName.put(clause.group(2) != null ? clause.group(2) : clause.group(3), attempt);
            }
        }
    }

    static Function<ClusterAffinityTerm, TermAttempt> scheduleFunction(String prose) {
        ScheduleOutcomeProse outcome = new ScheduleOutcomeProse(prose == null ? "" : prose);
        return outcome::attemptFor;
    }

    private TermAttempt attemptFor(ClusterAffinityTerm term) {
        int ordinal = tried.size();
        tried.add(term.affinityName());
        TermAttempt named = byName.get(term.affinityName().toLowerCase(Locale.ROOT));
        if (named != null) {
            return named;
        }
        return byOrdinal.getOrDefault(ordinal, TermAttempt.fitError("no cluster fits " + term.affinityName()));
    }

    private static TermAttempt attempt(String verb, String clusters, String rest) {
        if (verb.equals("succeeds")) {
            List<TargetCluster> result = new ArrayList<>();
            Matcher m = CLUSTER.matcher(clusters == null ? "" : clusters);
            while (m.find()) {
                result.add(new TargetCluster(m.group(1), Integer.parseInt(m.group(2))));
            }
            return TermAttempt.scheduled(result);
        }
        boolean other = rest != null && rest.contains("error") && !rest.contains("fit");
        return other ? TermAttempt.otherError("scheduling failed") : TermAttempt.fitError("no cluster fits");
    }
}
