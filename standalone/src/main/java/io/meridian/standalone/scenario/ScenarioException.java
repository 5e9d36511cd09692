package io.meridian.standalone.scenario;

/** A scenario that cannot be run; the message is one line naming the field and the rule. */
public final class ScenarioException extends RuntimeException {
    public ScenarioException(String message) {
        super(message, null, false, false);
    }
}
