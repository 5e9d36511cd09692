package io.meridian.core.karmada.division;

import java.nio.charset.StandardCharsets;

/** FNV-1a, 32 bit, over the UTF-8 bytes of a string. */
public final class Fnv1a {
    private static final int OFFSET_BASIS = 0x811C9DC5;
    private static final int PRIME = 0x01000193;

    private Fnv1a() {
    }

    /** The hash as an unsigned value. */
    public static long hash32(String text) {
        int hash = OFFSET_BASIS;
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xFF;
            hash *= PRIME;
        }
        return Integer.toUnsignedLong(hash);
    }
}
