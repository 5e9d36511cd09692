package io.meridian.core.ws;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class MatchedWorkloadSpreadTest {

    @Test
    void valueHasKeysInTheOrderNameSubsetUid() {
        assertThat(new MatchedWorkloadSpread("ws", "a", "u-1").toAnnotationValue())
                .isEqualTo("{\"name\":\"ws\",\"subset\":\"a\",\"uid\":\"u-1\"}");
    }

    @Test
    void emptyUidIsOmitted() {
        assertThat(new MatchedWorkloadSpread("ws", "a", "").toAnnotationValue()).isEqualTo("{\"name\":\"ws\",\"subset\":\"a\"}");
    }

    @Test
    void keysAreReadCaseInsensitively() {
        assertThat(MatchedWorkloadSpread.parse("{\"Name\":\"ws\",\"SUBSET\":\"b\",\"Uid\":\"x\"}"))
                .contains(new MatchedWorkloadSpread("ws", "b", "x"));
    }

    @Test
    void exactKeyWinsOverACaseVariant() {
        assertThat(MatchedWorkloadSpread.parse("{\"Name\":\"other\",\"name\":\"ws\",\"subset\":\"a\"}").orElseThrow().name())
                .isEqualTo("ws");
    }

    @Test
    void missingEmptyOrInvalidValuesAreAbsent() {
        assertThat(MatchedWorkloadSpread.parse(null)).isEmpty();
        assertThat(MatchedWorkloadSpread.parse("")).isEmpty();
        assertThat(MatchedWorkloadSpread.parse("{broken")).isEmpty();
        assertThat(MatchedWorkloadSpread.parse("[1]")).isEmpty();
    }

    @Test
    void annotationIsFoundByItsKey() {
        assertThat(MatchedWorkloadSpread.fromAnnotations(Map.of(MatchedWorkloadSpread.ANNOTATION, "{\"name\":\"ws\",\"subset\":\"a\"}")))
                .contains(new MatchedWorkloadSpread("ws", "a", null));
        assertThat(MatchedWorkloadSpread.fromAnnotations(null)).isEmpty();
    }
}
