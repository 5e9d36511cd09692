package io.meridian.core.ud.adaptive;

import java.time.Duration;
import java.util.Optional;

/**
 * Verdict of CheckPodReallyInReservedStatus: whether the pod counts as reserved, when to look again
 * (empty = no need), and whether it is an old-revision pod whose update timed out.
 */
public record ReservedPodStatus(boolean reserved, Optional<Duration> nextCheckAfter, boolean updateTimedOut) {

    public static ReservedPodStatus reserved(Duration checkAgainAfter) {
        return new ReservedPodStatus(true, Optional.of(checkAgainAfter), false);
    }

    public static ReservedPodStatus reservedAfterUpdateTimeout(Duration checkAgainAfter) {
        return new ReservedPodStatus(true, Optional.of(checkAgainAfter), true);
    }

    public static ReservedPodStatus notReserved() {
        return new ReservedPodStatus(false, Optional.empty(), false);
    }

    public static ReservedPodStatus notReservedYet(Duration checkAgainAfter) {
        return new ReservedPodStatus(false, Optional.of(checkAgainAfter), false);
    }

    public int updateTimeoutPodsIncrement() {
        return updateTimedOut ? 1 : 0;
    }
}
