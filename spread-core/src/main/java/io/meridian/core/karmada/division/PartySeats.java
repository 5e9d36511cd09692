package io.meridian.core.karmada.division;

/** A party (cluster) in a Webster apportionment: its votes (weight) and the seats (replicas) it holds. */
public record PartySeats(String name, long votes, int seats) {
    /** Webster's divisor {@code 2·seats + 1}; the priority is votes over it, as an IEEE double. */
    public double priority() {
        return (double) votes / (double) (2L * seats + 1);
    }

    PartySeats withOneMoreSeat() {
        return new PartySeats(name, votes, seats + 1);
    }
}
