package io.meridian.core.ud.render;

import java.util.regex.Pattern;

/** The generateName of a subset workload (§2.2). */
final class GenerateName {
    private static final int MAX_SUBDOMAIN_LENGTH = 253;
    private static final Pattern DNS_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

    private GenerateName() {
    }

    /** {@code <ud>-<subset>-}, or {@code <ud>-} when that is not a valid DNS subdomain prefix. */
    static String of(String udName, String subsetName) {
        String preferred = udName + "-" + subsetName + "-";
        return isValidSubdomainPrefix(preferred) ? preferred : udName + "-";
    }

    /** A prefix is checked with its trailing dash masked, since a random suffix follows it. */
    static boolean isValidSubdomainPrefix(String prefix) {
        String masked = prefix.endsWith("-") ? prefix.substring(0, prefix.length() - 1) + "a" : prefix;
        return masked.length() <= MAX_SUBDOMAIN_LENGTH && DNS_SUBDOMAIN.matcher(masked).matches();
    }
}
