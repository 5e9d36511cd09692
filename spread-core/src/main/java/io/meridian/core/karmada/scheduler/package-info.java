/**
 * The scheduler side of a reschedule trigger (spec karmada-rebalancer-division.md §1.2, §2.6): the binding state,
 * the order of schedule triggers ({@link io.meridian.core.karmada.scheduler.ScheduleCheckInput#firstTrigger}),
 * {@link io.meridian.core.karmada.scheduler.RescheduleRule}, {@link io.meridian.core.karmada.scheduler.ReplicasChangedRule},
 * Fresh or Steady assignment ({@link io.meridian.core.karmada.scheduler.AssignmentMode}) and the walk over
 * {@code clusterAffinities} terms ({@link io.meridian.core.karmada.scheduler.AffinityTermWalk}). The division maths
 * is not here: the walk takes the per-term schedule as a function.
 */
package io.meridian.core.karmada.scheduler;
