package io.meridian.core.karmada.division;

import java.util.Comparator;

/**
 * Cluster names compared the way Go compares strings: by UTF-8 bytes, which is code point order (Java's
 * {@link String#compareTo} differs for characters above the surrogate range).
 */
public final class NameOrder {
    public static final Comparator<String> ASCENDING = NameOrder::compare;
    public static final Comparator<String> DESCENDING = ASCENDING.reversed();

    private NameOrder() {
    }

    public static int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }
}
