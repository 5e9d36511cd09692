package io.meridian.projection.jdbc;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;

/**
 * Rows in the text format of PostgreSQL's {@code COPY ... FROM STDIN}: columns separated by a tab, rows ended by a
 * newline, {@code \N} for null, and a backslash, tab, newline or carriage return inside a value escaped with a
 * backslash so that it reads back as given.
 */
public final class CopyText {
    private CopyText() {
    }

    /** The rows, each an array of its columns' values in the order the COPY names them, as the stream COPY reads. */
    public static InputStream rows(Collection<String[]> rows) {
        StringBuilder text = new StringBuilder(rows.size() * 1024);
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                if (c > 0) {
                    text.append('\t');
                }
                appendValue(text, row[c]);
            }
            text.append('\n');
        }
        return new ByteArrayInputStream(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The value with its special characters escaped and the runs between them (mostly a whole JSON payload) appended
     * as ranges, not character by character.
     */
    private static void appendValue(StringBuilder text, String value) {
        if (value == null) {
            text.append("\\N");
            return;
        }
        int plainFrom = 0;
        for (int i = 0; i < value.length(); i++) {
            String escaped = escaped(value.charAt(i));
            if (escaped != null) {
                text.append(value, plainFrom, i).append(escaped);
                plainFrom = i + 1;
            }
        }
        text.append(value, plainFrom, value.length());
    }

    private static String escaped(char ch) {
        return switch (ch) {
            case '\\' -> "\\\\";
            case '\t' -> "\\t";
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            default -> null;
        };
    }
}
