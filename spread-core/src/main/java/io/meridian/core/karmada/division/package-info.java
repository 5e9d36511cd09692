/**
 * Karmada replica division (spec karmada-rebalancer-division.md §3–§6, Webster behaviour of v1.16+).
 *
 * <p>Entry points:
 * <ul>
 *   <li>{@link io.meridian.core.karmada.division.ReplicaAssigner#assign} — AssignReplicas over already selected
 *       candidates (strategy, overflow tiers, zero stripping);</li>
 *   <li>{@link io.meridian.core.karmada.division.SchedulePipeline#schedule} — one whole schedule under one affinity
 *       term: filter, estimate, order, spread selection, assign;</li>
 *   <li>{@link io.meridian.core.karmada.division.WebsterApportionment#allocate} and
 *       {@link io.meridian.core.karmada.division.Dispenser} — the apportionment primitives.</li>
 * </ul>
 * Failures are {@link io.meridian.core.karmada.division.AssignmentResult.Failed} values carrying upstream's messages.
 */
package io.meridian.core.karmada.division;
