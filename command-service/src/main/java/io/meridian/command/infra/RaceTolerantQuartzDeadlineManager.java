package io.meridian.command.infra;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Date;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.axonframework.deadline.DeadlineException;
import org.axonframework.deadline.DeadlineMessage;
import org.axonframework.deadline.GenericDeadlineMessage;
import org.axonframework.deadline.quartz.DeadlineJob;
import org.axonframework.deadline.quartz.QuartzDeadlineManager;
import org.axonframework.messaging.ScopeDescriptor;
import org.axonframework.serialization.Serializer;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.impl.matchers.GroupMatcher;

/**
 * Axon's Quartz deadline manager with two changes.
 *
 * <p>A cancel-all that tolerates deadlines disappearing under it. Cancelling "every deadline of this name within
 * this scope" lists the whole job group and then reads each job; a job of another aggregate that fires (and is
 * removed) or is cancelled between the two steps made Axon's version throw, failing an unrelated command (a
 * member's heartbeat failed while another member's deadline fired). Here a job that is gone is simply skipped.
 *
 * <p>Deadlines held at most once per scope ({@code onePerScope}, e.g. a member's unreachable backstop, re-armed
 * whenever its member is watched again) are stored under a job key derived from their name and scope, so that re-arming one is a
 * delete by key and an insert instead of listing and reading every job of the group: when every report re-armed it, with
 * 100 members reporting every 3 s, that listing was thousands of reads a second. Jobs of such a name stored before (under Axon's random
 * keys) are still found: the first cancel of each scope in this instance also scans the group.
 */
final class RaceTolerantQuartzDeadlineManager extends QuartzDeadlineManager {
    private static final String KEYED_PREFIX = "deadline-scope-";

    private final Scheduler scheduler;
    private final Serializer serializer;
    private final Set<String> onePerScope;
    private final Set<JobKey> scanned = ConcurrentHashMap.newKeySet();

    RaceTolerantQuartzDeadlineManager(Builder builder, Scheduler scheduler, Serializer serializer,
                                      Set<String> onePerScope) {
        super(builder);
        this.scheduler = scheduler;
        this.serializer = serializer;
        this.onePerScope = Set.copyOf(onePerScope);
    }

    @Override
    public String schedule(Instant triggerDateTime, String deadlineName, Object messageOrPayload,
                           ScopeDescriptor deadlineScope) {
        if (!onePerScope.contains(deadlineName)) {
            return super.schedule(triggerDateTime, deadlineName, messageOrPayload, deadlineScope);
        }
        JobKey key = keyOf(deadlineName, deadlineScope);
        DeadlineMessage<?> message = processDispatchInterceptors(
                GenericDeadlineMessage.asDeadlineMessage(deadlineName, messageOrPayload, triggerDateTime));
        runOnPrepareCommitOrNow(() -> {
            JobDetail job = JobBuilder.newJob(DeadlineJob.class)
                    .withDescription(message.getPayloadType().getName())
                    .withIdentity(key)
                    .usingJobData(DeadlineJob.DeadlineJobDataBinder.toJobData(serializer, message, deadlineScope))
                    .requestRecovery(true)
                    .build();
            Trigger trigger = TriggerBuilder.newTrigger().forJob(key).startAt(Date.from(triggerDateTime)).build();
            try {
                scheduler.scheduleJob(job, Set.of(trigger), true);
            } catch (SchedulerException e) {
                throw new DeadlineException("cannot set the " + deadlineName + " deadline of " + deadlineScope, e);
            }
        });
        return key.getName();
    }

    @Override
    public void cancelAllWithinScope(String deadlineName, ScopeDescriptor scope) {
        if (!onePerScope.contains(deadlineName)) {
            runOnPrepareCommitOrNow(() -> scanAndCancel(deadlineName, scope));
            return;
        }
        JobKey key = keyOf(deadlineName, scope);
        runOnPrepareCommitOrNow(() -> {
            if (scanned.add(key)) {
                scanAndCancel(deadlineName, scope);
                return;
            }
            try {
                scheduler.deleteJob(key);
            } catch (SchedulerException e) {
                throw new DeadlineException("cannot cancel the " + deadlineName + " deadline of " + scope, e);
            }
        });
    }

    private void scanAndCancel(String deadlineName, ScopeDescriptor scope) {
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
    }

    /** The same key in every instance for the same name and scope (a scope's description names its type and id). */
    static JobKey keyOf(String deadlineName, ScopeDescriptor scope) {
        UUID id = UUID.nameUUIDFromBytes(scope.scopeDescription().getBytes(StandardCharsets.UTF_8));
        return new JobKey(KEYED_PREFIX + id, deadlineName);
    }
}
