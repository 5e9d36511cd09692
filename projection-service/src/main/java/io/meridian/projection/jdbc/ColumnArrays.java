package io.meridian.projection.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;

/**
 * Binds rows as one text array per column, for a statement that inserts them all at once
 * ({@code insert ... select * from unnest(?::text[], ?::bigint[], ...)}, the statement casting each column): PostgreSQL
 * then plans and runs one insert for the batch, not one per row.
 */
public final class ColumnArrays {
    private ColumnArrays() {
    }

    /** Binds column {@code c} of every row, in their order, as parameter {@code c + 1}. */
    public static void bind(Connection connection, PreparedStatement statement, Collection<String[]> rows, int columns)
            throws SQLException {
        String[][] byColumn = new String[columns][rows.size()];
        int i = 0;
        for (String[] row : rows) {
            for (int c = 0; c < columns; c++) {
                byColumn[c][i] = row[c];
            }
            i++;
        }
        for (int c = 0; c < columns; c++) {
            statement.setArray(c + 1, connection.createArrayOf("text", byColumn[c]));
        }
    }
}
