package io.meridian.core.karmada.division;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WebsterApportionmentTest {
    private static List<Integer> seats(List<PartySeats> parties) {
        return parties.stream().map(PartySeats::seats).toList();
    }

    @Test
    void givesEachSeatToTheHighestVotesOverTwiceSeatsPlusOne() {
        List<PartySeats> result = WebsterApportionment.allocate(4,
                Map.of("Alpha", 1200L, "Beta", 900L, "Gamma", 400L), null, null);
        assertThat(result).containsExactly(new PartySeats("Alpha", 1200, 2), new PartySeats("Beta", 900, 1),
                new PartySeats("Gamma", 400, 1));
    }

    @Test
    void fourteenSeatsOverThreeTwoOneGiveSevenFiveTwo() {
        assertThat(seats(WebsterApportionment.allocate(14, Map.of("a", 3L, "b", 2L, "c", 1L), null, null)))
                .containsExactly(7, 5, 2);
    }

    @Test
    void returnsNothingWhenThereAreNoParties() {
        assertThat(WebsterApportionment.allocate(3, Map.of(), Map.of(), null)).isEmpty();
    }

    @Test
    void partyWithOnlyInitialSeatsKeepsThemAndWinsNoNewOnes() {
        assertThat(WebsterApportionment.allocate(2, Map.of("A", 100L), Map.of("B", 3), null))
                .containsExactly(new PartySeats("A", 100, 2), new PartySeats("B", 0, 3));
    }

    @Test
    void equalPriorityGoesToThePartyWithFewerSeats() {
        Map<String, Long> votes = Map.of("A", 3L, "B", 1L);
        assertThat(seats(WebsterApportionment.allocate(1, votes, Map.of("A", 1), null))).containsExactly(1, 1);
    }

    @Test
    void equalPriorityAndSeatsGoToTheSmallerNameWithoutTieBreaker() {
        assertThat(seats(WebsterApportionment.allocate(1, Map.of("A", 1L, "B", 1L), null, null)))
                .containsExactly(1, 0);
    }

    @Test
    void customTieBreakerDecidesEqualPriorities() {
        assertThat(seats(WebsterApportionment.allocate(1, Map.of("A", 1L, "B", 1L), null,
                TieBreaker.namesDescending()))).containsExactly(0, 1);
    }

    @Test
    void resultIsSortedByNameWhateverTheInputOrder() {
        Map<String, Long> votes = new LinkedHashMap<>();
        votes.put("zeta", 1L);
        votes.put("alpha", 1L);
        votes.put("mid", 1L);
        assertThat(WebsterApportionment.allocate(0, votes, null, null)).extracting(PartySeats::name)
                .containsExactly("alpha", "mid", "zeta");
    }

    @Test
    void allZeroVotesHandOutSeatsByTieBreaking() {
        assertThat(seats(WebsterApportionment.allocate(3, Map.of("A", 0L, "B", 0L), null, null)))
                .containsExactly(2, 1);
    }

    @Test
    void hundredThousandSeatsOverAThousandPartiesAreDividedProportionally() {
        Map<String, Long> votes = new LinkedHashMap<>();
        IntStream.range(0, 1000).forEach(i -> votes.put(String.format("member-%04d", i), i < 500 ? 1L : 3L));
        List<PartySeats> result = WebsterApportionment.allocate(100_000, votes, null, TieBreaker.forWorkload("u"));
        assertThat(result).hasSize(1000);
        assertThat(result.get(0).seats()).isEqualTo(50);
        assertThat(result.get(999).seats()).isEqualTo(150);
    }
}
