package io.meridian.command.infra;

import org.axonframework.deadline.DeadlineException;
import org.axonframework.deadline.quartz.DeadlineJob;
import org.axonframework.deadline.quartz.QuartzDeadlineManager;
import org.axonframework.messaging.ScopeDescriptor;
import org.axonframework.serialization.Serializer;
import org.quartz.JobDetail;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.impl.matchers.GroupMatcher;

/**
 * Axon's Quartz deadline manager with a cancel-all that tolerates deadlines disappearing under it. Cancelling
 * "every deadline of this name within this scope" lists the whole job group and then reads each job; a job of
 * another aggregate that fires (and is removed) or is cancelled between the two steps made Axon's version throw,
 * failing an unrelated command (a member's heartbeat failed while another member's deadline fired). Here a job
 * that is gone is simply skipped: it no longer needs cancelling.
 */
final class RaceTolerantQuartzDeadlineManager extends QuartzDeadlineManager {
    private final Scheduler scheduler;
    private final Serializer serializer;

    RaceTolerantQuartzDeadlineManager(Builder builder, Scheduler scheduler, Serializer serializer) {
        super(builder);
        this.scheduler = scheduler;
        this.serializer = serializer;
    }

    @Override
    public void cancelAllWithinScope(String deadlineName, ScopeDescriptor scope) {
        runOnPrepareCommitOrNow(() -> {
            try {
                for (JobKey job : scheduler.getJobKeys(GroupMatcher.jobGroupEquals(deadlineName))) {
                    JobDetail detail = scheduler.getJobDetail(job);
                    if (detail != null && scope.equals(DeadlineJob.DeadlineJobDataBinder.deadlineScope(serializer,
                            detail.getJobDataMap()))) {
                        scheduler.deleteJob(job);
                    }
                }
            } catch (SchedulerException e) {
                throw new DeadlineException("cannot cancel the " + deadlineName + " deadlines of " + scope, e);
            }
        });
    }
}
