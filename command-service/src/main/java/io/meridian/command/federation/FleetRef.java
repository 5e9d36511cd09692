package io.meridian.command.federation;

/**
 * The member clusters a decision read, by reference: {@code digest} (SHA-256 of their canonical JSON, see
 * {@link FleetSnapshots}) and whether a decision carrying them inline is already committed, in which case the next
 * decision records the digest alone.
 */
public record FleetRef(String digest, boolean recorded) {
}
