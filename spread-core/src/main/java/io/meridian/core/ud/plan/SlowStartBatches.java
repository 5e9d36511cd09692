package io.meridian.core.ud.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * Creates and updates run in slow-start batches (§2.3 step 10): 1, 2, 4, ... until all are done. The caller
 * stops at the first batch with a failure.
 */
public final class SlowStartBatches {
    private SlowStartBatches() {
    }

    public static List<Integer> sizes(int total) {
        List<Integer> sizes = new ArrayList<>();
        int remaining = total;
        for (int batch = 1; remaining > 0; batch *= 2) {
            int size = Math.min(batch, remaining);
            sizes.add(size);
            remaining -= size;
        }
        return sizes;
    }
}
