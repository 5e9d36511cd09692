package io.meridian.core.karmada.scheduler;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Kubernetes timestamps (RFC 3339, second precision) as {@link Instant}s, without needing the JSR-310 Jackson module.
 */
public final class KubeTime {
    private KubeTime() {
    }

    public static Instant parse(String text) {
        return text == null || text.isBlank() ? null : Instant.parse(text.trim());
    }

    public static String format(Instant instant) {
        return instant == null ? null : instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** Reads an RFC 3339 string (or null) into an Instant. */
    public static final class Reader extends JsonDeserializer<Instant> {
        @Override
        public Instant deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            return parse(parser.getValueAsString());
        }
    }

    /** Writes an Instant as an RFC 3339 string with second precision. */
    public static final class Writer extends JsonSerializer<Instant> {
        @Override
        public void serialize(Instant value, JsonGenerator generator, SerializerProvider provider) throws IOException {
            generator.writeString(format(value));
        }
    }
}
