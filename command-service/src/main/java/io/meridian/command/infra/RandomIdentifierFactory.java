package io.meridian.command.infra;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.axonframework.common.IdentifierFactory;

/**
 * Random (version 4) UUIDs from a per-thread generator, for Axon's message identifiers and the admission
 * decision ids. {@code UUID.randomUUID()} draws from one process-wide SecureRandom behind a lock: with dozens of
 * admission threads that lock held up every request, and the ids need uniqueness, not unpredictability.
 * Registered for Axon through META-INF/services.
 */
public final class RandomIdentifierFactory extends IdentifierFactory {
    private static final long VERSION_MASK = 0xF000L;
    private static final long VERSION_4 = 0x4000L;
    private static final long VARIANT_MASK = 0xC000000000000000L;
    private static final long VARIANT_IETF = 0x8000000000000000L;

    @Override
    public String generateIdentifier() {
        return next();
    }

    /** A random version 4 UUID as text. */
    public static String next() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long high = (random.nextLong() & ~VERSION_MASK) | VERSION_4;
        long low = (random.nextLong() & ~VARIANT_MASK) | VARIANT_IETF;
        return new UUID(high, low).toString();
    }
}
