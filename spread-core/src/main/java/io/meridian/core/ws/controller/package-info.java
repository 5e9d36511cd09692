/**
 * The WorkloadSpread controller as a pure function (spec §1.6–§1.10, Meridian §4–§5).
 *
 * <p>Entry point: {@link io.meridian.core.ws.controller.WorkloadSpreadSync#sync(SyncInput)} gives
 * a {@link io.meridian.core.ws.controller.SyncDecision} (new status and whether to write it, pod
 * patches, pods to delete, events, requeue) or a {@link io.meridian.core.ws.controller.SyncFailure}.
 * The rules are also callable one by one: {@link io.meridian.core.ws.controller.SubsetMatcher}
 * (§1.7 adoption score), {@link io.meridian.core.ws.controller.DeletionCosts} (§1.8),
 * {@link io.meridian.core.ws.controller.SchedulableConditions} and
 * {@link io.meridian.core.ws.controller.AdaptiveRescheduling} (§1.10).
 */
package io.meridian.core.ws.controller;
