package io.meridian.command.ud;

/**
 * The name of a new subset workload: the kernel's {@code generateName} plus a suffix derived from the
 * UnitedDeployment's uid, the subset and the kind. A retried or repeated create names the same object, so the
 * applier creates it once (a random suffix would create one per attempt).
 */
final class SubsetWorkloadNames {
    /** What Kubernetes keeps of a generateName before it adds its 5-character suffix. */
    private static final int MAX_PREFIX = 58;
    private static final String ALPHABET = "bcdfghjklmnpqrstvwxz2456789";
    private static final int SUFFIX = 5;

    private SubsetWorkloadNames() {
    }

    static String name(String generateName, String udUid, String subset, String kind) {
        String prefix = generateName.length() > MAX_PREFIX ? generateName.substring(0, MAX_PREFIX) : generateName;
        String digest = UdRevision.sha256(udUid + "/" + subset + "/" + kind);
        StringBuilder suffix = new StringBuilder();
        for (int i = 0; i < SUFFIX; i++) {
            int value = Integer.parseInt(digest.substring(2 * i, 2 * i + 2), 16);
            suffix.append(ALPHABET.charAt(value % ALPHABET.length()));
        }
        return prefix + suffix;
    }
}
