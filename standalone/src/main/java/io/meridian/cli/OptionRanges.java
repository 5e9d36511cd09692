package io.meridian.cli;

/**
 * The one-line refusals of the bench commands' options: {@code --name: must be >= least, was value}, the first broken
 * rule of a command's options first.
 */
public final class OptionRanges {
    private OptionRanges() {
    }

    /** The first of {@code messages} that is not null; null when all are. */
    public static String firstOf(String... messages) {
        for (String message : messages) {
            if (message != null) {
                return message;
            }
        }
        return null;
    }

    /** The refusal of {@code option} when {@code value} is under {@code least}; null when it is not. */
    public static String atLeast(String option, int least, int value) {
        return value < least ? option + ": must be >= " + least + ", was " + value : null;
    }
}
