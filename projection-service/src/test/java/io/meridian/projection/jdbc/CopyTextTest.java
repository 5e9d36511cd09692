package io.meridian.projection.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class CopyTextTest {
    @Test
    void columnsAreSeparatedByTabsAndRowsEndedByNewlines() throws IOException {
        assertThat(text(List.of(new String[] {"a", "b"}, new String[] {"c", "d"}))).isEqualTo("a\tb\nc\td\n");
    }

    @Test
    void nullIsWrittenAsBackslashN() throws IOException {
        assertThat(text(List.<String[]>of(new String[] {null, "x"}))).isEqualTo("\\N\tx\n");
    }

    @Test
    void backslashTabNewlineAndCarriageReturnAreEscapedWhereverTheyStand() throws IOException {
        String value = "\\{\"reason\":\"a\tb\nc\rd\"}\\";

        assertThat(text(List.<String[]>of(new String[] {value})))
                .isEqualTo("\\\\{\"reason\":\"a\\tb\\nc\\rd\"}\\\\\n");
    }

    @Test
    void aValueWithoutSpecialCharactersIsWrittenAsGivenIncludingNonAsciiText() throws IOException {
        String value = "{\"zone\":\"zürich-1\",\"cost\":\"-100\"}";

        assertThat(text(List.<String[]>of(new String[] {value}))).isEqualTo(value + "\n");
    }

    private static String text(List<String[]> rows) throws IOException {
        try (InputStream in = CopyText.rows(rows)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
