package io.meridian.core.karmada.division;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class WebsterProperties {
    /** Votes and initial seats over a few short names, plus a UID driving the tie-breaker. */
    record Election(Map<String, Long> votes, Map<String, Integer> initialSeats, String uid) {
    }

    @Provide
    Arbitrary<Election> elections() {
        Arbitrary<String> names = Arbitraries.strings().withCharRange('a', 'f').ofMinLength(1).ofMaxLength(2);
        Arbitrary<Map<String, Long>> votes = Arbitraries.maps(names, Arbitraries.longs().between(0, 50))
                .ofMaxSize(6).map(TreeMap::new);
        Arbitrary<Map<String, Integer>> seats = Arbitraries.maps(names, Arbitraries.integers().between(0, 5))
                .ofMaxSize(4).map(TreeMap::new);
        Arbitrary<String> uids = Arbitraries.of("", "4858ca61-3ff8-4095-8267-f3d059d8074c",
                "d43fdeeb-d750-4e2b-bee3-64eb94534f4c", "x");
        return Combinators.combine(votes, seats, uids).as(Election::new);
    }

    private static List<PartySeats> allocate(Election election, int seats) {
        return WebsterApportionment.allocate(seats, election.votes(), election.initialSeats(),
                TieBreaker.forWorkload(election.uid()));
    }

    @Property
    void noPartyLosesSeatsWhenSeatsGrow(@ForAll("elections") Election election,
                                        @ForAll @IntRange(max = 40) int seats,
                                        @ForAll @IntRange(max = 10) int more) {
        List<PartySeats> fewer = allocate(election, seats);
        List<PartySeats> grown = allocate(election, seats + more);
        for (int i = 0; i < fewer.size(); i++) {
            assertThat(grown.get(i).name()).isEqualTo(fewer.get(i).name());
            assertThat(grown.get(i).seats()).isGreaterThanOrEqualTo(fewer.get(i).seats());
        }
    }

    @Property
    void seatsSumToInitialPlusNewWheneverThereAreParties(@ForAll("elections") Election election,
                                                         @ForAll @IntRange(max = 60) int seats) {
        List<PartySeats> result = allocate(election, seats);
        long initial = election.initialSeats().values().stream().mapToLong(Integer::longValue).sum();
        boolean hasParties = !election.votes().isEmpty() || !election.initialSeats().isEmpty();
        assertThat(result.stream().mapToLong(PartySeats::seats).sum()).isEqualTo(hasParties ? initial + seats : 0);
    }

    @Property
    void theSameInputsGiveTheSameResult(@ForAll("elections") Election election,
                                        @ForAll @IntRange(max = 60) int seats) {
        Map<String, Long> reversedVotes = new TreeMap<>(java.util.Comparator.reverseOrder());
        reversedVotes.putAll(election.votes());
        Election reordered = new Election(reversedVotes, election.initialSeats(), election.uid());
        assertThat(allocate(reordered, seats)).isEqualTo(allocate(election, seats));
    }

    @Property
    void everyPartyOfTheUnionIsListedOnce(@ForAll("elections") Election election,
                                          @ForAll @IntRange(max = 20) int seats) {
        TreeMap<String, Boolean> union = new TreeMap<>();
        election.votes().keySet().forEach(name -> union.put(name, true));
        election.initialSeats().keySet().forEach(name -> union.put(name, true));
        assertThat(allocate(election, seats)).extracting(PartySeats::name).containsExactlyElementsOf(union.keySet());
    }
}
