package io.meridian.core.karmada.division;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TieBreakerTest {
    private static final String EVEN_UID = "4858ca61-3ff8-4095-8267-f3d059d8074c";
    private static final String ODD_UID = "d43fdeeb-d750-4e2b-bee3-64eb94534f4c";
    private static final PartySeats A = new PartySeats("A", 1, 1);
    private static final PartySeats B = new PartySeats("B", 1, 1);

    @Test
    void fnv1aOfKnownUidsMatchesTheSpec() {
        assertThat(Fnv1a.hash32(EVEN_UID)).isEqualTo(4060803976L);
        assertThat(Fnv1a.hash32(ODD_UID)).isEqualTo(2505132451L);
    }

    @Test
    void fnv1aOfEmptyStringIsTheOffsetBasis() {
        assertThat(Fnv1a.hash32("")).isEqualTo(2166136261L);
    }

    @Test
    void evenHashUidPrefersTheSmallerName() {
        assertThat(TieBreaker.forWorkload(EVEN_UID).compare(A, B)).isNegative();
    }

    @Test
    void oddHashUidPrefersTheLargerName() {
        assertThat(TieBreaker.forWorkload(ODD_UID).compare(A, B)).isPositive();
    }

    @Test
    void emptyUidPrefersTheSmallerName() {
        assertThat(TieBreaker.forWorkload("").compare(A, B)).isNegative();
    }

    @Test
    void fewerSeatsWinBeforeNamesAreLookedAt() {
        PartySeats bWithNoSeats = new PartySeats("B", 1, 0);
        assertThat(TieBreaker.forWorkload(EVEN_UID).compare(A, bWithNoSeats)).isPositive();
    }

    @Test
    void rawNameTieBreakersIgnoreSeats() {
        PartySeats bWithNoSeats = new PartySeats("B", 1, 0);
        assertThat(TieBreaker.namesAscending().compare(A, bWithNoSeats)).isNegative();
        assertThat(TieBreaker.namesDescending().compare(A, bWithNoSeats)).isPositive();
    }

    @Test
    void namesCompareByCodePointLikeGoBytes() {
        String supplementary = new String(Character.toChars(0x1F600));
        String highBmp = "\uFF61";
        assertThat(highBmp.compareTo(supplementary)).isPositive();
        assertThat(NameOrder.compare(highBmp, supplementary)).isNegative();
    }

    @Test
    void aPrefixSortsBeforeItsExtension() {
        assertThat(NameOrder.compare("member1", "member10")).isNegative();
        assertThat(NameOrder.compare("member10", "member1")).isPositive();
        assertThat(NameOrder.compare("m", "m")).isZero();
    }
}
