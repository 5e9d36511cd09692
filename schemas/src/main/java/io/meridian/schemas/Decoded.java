package io.meridian.schemas;

/** A message read from a topic: the record, or why it was rejected (it then goes to the .dlq topic). */
public sealed interface Decoded<T> {

    record Accepted<T>(T message) implements Decoded<T> {
    }

    record Rejected<T>(String reason) implements Decoded<T> {
    }

    static <T> Decoded<T> accepted(T message) {
        return new Accepted<>(message);
    }

    static <T> Decoded<T> rejected(String reason) {
        return new Rejected<>(reason);
    }
}
