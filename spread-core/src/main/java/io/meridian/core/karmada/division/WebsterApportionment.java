package io.meridian.core.karmada.division;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;

/**
 * Webster / Sainte-Laguë highest averages (§6.1): each new seat goes to the party with the highest
 * {@code votes / (2·seats + 1)}, ties to the {@link TieBreaker}. A heap keeps each seat O(log parties).
 */
public final class WebsterApportionment {
    private WebsterApportionment() {
    }

    /**
     * Hands out {@code newSeats} seats on top of {@code initialSeats}. Returns every party of the union of
     * {@code votes} and {@code initialSeats}, sorted by name, with its total seats; empty when that union is empty.
     * A party with only initial seats has 0 votes and so never wins a new seat while others have votes.
     */
    public static List<PartySeats> allocate(int newSeats, Map<String, Long> votes, Map<String, Integer> initialSeats,
                                            TieBreaker tieBreaker) {
        TreeMap<String, PartySeats> parties = startingParties(votes, initialSeats);
        if (parties.isEmpty()) {
            return List.of();
        }
        PriorityQueue<Contender> heap = new PriorityQueue<>(parties.size(), contenderOrder(tieBreaker));
        parties.values().forEach(party -> heap.add(new Contender(party)));
        for (int seat = 0; seat < newSeats; seat++) {
            heap.add(new Contender(heap.poll().party().withOneMoreSeat()));
        }
        heap.forEach(contender -> parties.put(contender.party().name(), contender.party()));
        return new ArrayList<>(parties.values());
    }

    private static TreeMap<String, PartySeats> startingParties(Map<String, Long> votes,
                                                               Map<String, Integer> initialSeats) {
        TreeMap<String, PartySeats> parties = new TreeMap<>(NameOrder.ASCENDING);
        Map<String, Integer> seats = initialSeats == null ? Map.of() : initialSeats;
        Map<String, Long> weights = votes == null ? Map.of() : votes;
        seats.keySet().forEach(name -> parties.put(name, null));
        weights.keySet().forEach(name -> parties.put(name, null));
        parties.replaceAll((name, unset) -> new PartySeats(name, weights.getOrDefault(name, 0L),
                seats.getOrDefault(name, 0)));
        return parties;
    }

    private static Comparator<Contender> contenderOrder(TieBreaker tieBreaker) {
        TieBreaker rule = tieBreaker == null ? TieBreaker.builtIn() : tieBreaker;
        return (a, b) -> {
            int byPriority = Double.compare(b.priority(), a.priority());
            return byPriority != 0 ? byPriority : rule.compare(a.party(), b.party());
        };
    }

    /** A party in the heap with its priority computed once. */
    private record Contender(PartySeats party, double priority) {
        Contender(PartySeats party) {
            this(party, party.priority());
        }
    }
}
