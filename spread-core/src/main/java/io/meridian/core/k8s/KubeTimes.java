package io.meridian.core.k8s;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/** metav1.Time as fabric8 carries it: an RFC 3339 string, second precision when written. */
public final class KubeTimes {
    private KubeTimes() {
    }

    /** Empty for a missing, empty or unparsable value (Kubernetes' zero time). */
    public static Optional<Instant> parse(String value) {
        if (value == null || value.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(OffsetDateTime.parse(value, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** Second precision, UTC, e.g. {@code 2026-01-02T03:04:05Z}. */
    public static String format(Instant instant) {
        return DateTimeFormatter.ISO_INSTANT.format(instant.truncatedTo(ChronoUnit.SECONDS));
    }
}
