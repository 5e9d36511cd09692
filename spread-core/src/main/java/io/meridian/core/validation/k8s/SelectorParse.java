package io.meridian.core.validation.k8s;

/** The result of turning a LabelSelector into a matcher: the matcher, or why it cannot be one. */
public sealed interface SelectorParse {

    static SelectorParse parsed(LabelMatcher matcher) {
        return new Parsed(matcher);
    }

    static SelectorParse unparsable(String message) {
        return new Unparsable(message);
    }

    record Parsed(LabelMatcher matcher) implements SelectorParse {
    }

    record Unparsable(String message) implements SelectorParse {
    }
}
