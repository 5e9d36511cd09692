package io.meridian.schemas;

/** Every message states the version of its schema. */
public interface Versioned {
    int schemaVersion();
}
