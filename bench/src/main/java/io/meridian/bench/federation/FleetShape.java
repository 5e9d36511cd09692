package io.meridian.bench.federation;

/**
 * The size of a federation benchmark: member clusters, nodes per member, resource templates in the
 * host, member clusters each template's replicas are divided over, and pods in all.
 */
public record FleetShape(int clusters, int nodesPerCluster, int workloads, int membersPerWorkload, int pods) {

    /** Issue 4's memory figure: 100 clusters, 5,000 workloads, 100,000 pods. */
    public static final FleetShape ISSUE_4 = new FleetShape(100, 10, 5_000, 2, 100_000);

    public FleetShape {
        if (clusters < 1 || nodesPerCluster < 1 || workloads < 1 || pods < 0) {
            throw new IllegalArgumentException("clusters, nodesPerCluster and workloads must be >= 1, pods >= 0");
        }
        if (membersPerWorkload < 1 || membersPerWorkload > clusters) {
            throw new IllegalArgumentException("membersPerWorkload must be between 1 and clusters (" + clusters + ")");
        }
    }

    /** Member copies in all: one per workload and member it is divided over. */
    public int memberCopies() {
        return workloads * membersPerWorkload;
    }

    /** The pods of the {@code copy}-th member copy (the remainder goes to the first copies). */
    public int podsOfCopy(int copy) {
        int base = pods / memberCopies();
        return base + (copy < pods % memberCopies() ? 1 : 0);
    }

    public static String memberName(int index) {
        return String.format(java.util.Locale.ROOT, "member-%03d", index + 1);
    }
}
