package io.meridian.core.karmada.division;

/** Decides who wins a seat when two parties have exactly equal priority (§6.2). */
@FunctionalInterface
public interface TieBreaker {
    /**
     * Negative when {@code a} wins over {@code b}, positive when {@code b} wins; zero only for the same party.
     */
    int compare(PartySeats a, PartySeats b);

    /** Karmada's rule without a custom tie-breaker: fewer seats first, then the smaller name. */
    static TieBreaker builtIn() {
        return forWorkload("");
    }

    /**
     * The per-workload rule: fewer seats first, then names ascending for an empty UID or an even FNV-1a hash
     * of the UID, descending for an odd hash. Stable per workload, spread across workloads.
     */
    static TieBreaker forWorkload(String uid) {
        TieBreaker byName = uid == null || uid.isEmpty() || Fnv1a.hash32(uid) % 2 == 0
                ? namesAscending() : namesDescending();
        return (a, b) -> {
            int bySeats = Integer.compare(a.seats(), b.seats());
            return bySeats != 0 ? bySeats : byName.compare(a, b);
        };
    }

    /** Looks only at names: the smaller name wins. */
    static TieBreaker namesAscending() {
        return (a, b) -> NameOrder.compare(a.name(), b.name());
    }

    /** Looks only at names: the larger name wins. */
    static TieBreaker namesDescending() {
        return (a, b) -> NameOrder.compare(b.name(), a.name());
    }
}
