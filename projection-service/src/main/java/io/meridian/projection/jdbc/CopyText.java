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

    private static void appendValue(StringBuilder text, String value) {
        if (value == null) {
            text.append("\\N");
            return;
        }
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            switch (ch) {
                case '\\' -> text.append("\\\\");
                case '\t' -> text.append("\\t");
                case '\n' -> text.append("\\n");
                case '\r' -> text.append("\\r");
                default -> text.append(ch);
            }
        }
    }
}
