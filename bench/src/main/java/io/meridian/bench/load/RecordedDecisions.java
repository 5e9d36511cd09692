package io.meridian.bench.load;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/** Counts, in the command-service's event store, the recorded admission decisions of one phase of the driver. */
final class RecordedDecisions {
    private RecordedDecisions() {
    }

    /** Admissions in PodsAdmitted events whose AdmissionReview uid starts with {@code uidPrefix}. */
    static long count(DataSource events, String uidPrefix) throws SQLException {
        String sql = "select count(*) from domainevententry e, "
                + "jsonb_array_elements(convert_from(e.payload, 'UTF8')::jsonb -> 'admissions') a "
                + "where e.payloadtype like '%PodsAdmitted' and a ->> 'requestUid' like ?";
        try (Connection c = events.getConnection(); PreparedStatement st = c.prepareStatement(sql)) {
            st.setString(1, uidPrefix + "%");
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
