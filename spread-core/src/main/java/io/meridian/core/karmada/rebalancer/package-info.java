/**
 * The WorkloadRebalancer controller as pure decisions (spec karmada-rebalancer-division.md §2, extensions §6, §7).
 *
 * <p>{@link io.meridian.core.karmada.rebalancer.RebalancerReconciler#reconcile} takes the rebalancer, a
 * {@link io.meridian.core.karmada.rebalancer.ReconcileContext} holding what GET and UPDATE of each binding return
 * (a binding missing from the lookups is NotFound; a missing update outcome means the update applies) and the
 * time, and returns a {@link io.meridian.core.karmada.rebalancer.ReconcileDecision}: the binding updates to make,
 * the status and whether to write it, and the {@link io.meridian.core.karmada.rebalancer.NextStep} (done, requeue
 * with backoff, requeue after a delay, or delete with a resourceVersion precondition).
 *
 * <p>Meridian additions: {@code workloadSelector} is united with {@code spec.workloads} over the templates in the
 * context; {@code dryRun} writes nothing and records per workload a plan from the context's
 * {@link io.meridian.core.karmada.rebalancer.FreshPlanner}; {@code preserveAvailable} keeps an entry pending
 * (polled, not an error) until {@link io.meridian.core.karmada.rebalancer.MakeBeforeBreakPlanner} reports the
 * fresh assignment in place and ready. A {@code UnitedDeployment} reference is its own binding
 * ({@link io.meridian.core.karmada.scheduler.BindingKind#UnitedDeployment}, same namespace and name): the trigger
 * is recorded on the UnitedDeployment and its allocator recomputes subsets ignoring current sizes while the trigger
 * is newer than its last allocation. {@link io.meridian.core.karmada.rebalancer.FailbackTimer} decides when a
 * recovered cluster's stabilization period asks for the same fresh reschedule.
 */
package io.meridian.core.karmada.rebalancer;
