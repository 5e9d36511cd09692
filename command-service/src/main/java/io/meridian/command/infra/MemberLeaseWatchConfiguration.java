package io.meridian.command.infra;

import io.meridian.command.member.LeaseWatch;
import io.meridian.command.member.MemberLeases;
import java.time.Clock;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Runs the member lease watch on one daemon thread, from when everything else has started until it stops. */
@Configuration(proxyBeanMethods = false)
public class MemberLeaseWatchConfiguration {
    private static final Logger log = LoggerFactory.getLogger(MemberLeaseWatchConfiguration.class);

    @Bean
    public LeaseWatch leaseWatch(MemberLeases leases, CommandGateway commands, Clock clock) {
        return new LeaseWatch(leases, commands::sendAndWait, clock);
    }

    @Bean
    public SmartLifecycle leaseWatchLifecycle(LeaseWatch watch) {
        return new SmartLifecycle() {
            private volatile ScheduledExecutorService looks;

            @Override
            public void start() {
                looks = Executors.newSingleThreadScheduledExecutor(task -> {
                    Thread thread = new Thread(task, "member-lease-watch");
                    thread.setDaemon(true);
                    return thread;
                });
                long every = LeaseWatch.LOOK_EVERY.toMillis();
                looks.scheduleWithFixedDelay(() -> lookCarryingOn(watch), every, every, TimeUnit.MILLISECONDS);
            }

            @Override
            public void stop() {
                looks.shutdownNow();
                looks = null;
            }

            @Override
            public boolean isRunning() {
                return looks != null;
            }
        };
    }

    /** A look that fails must not cancel the next ones (a scheduled task that throws is never run again). */
    private static void lookCarryingOn(LeaseWatch watch) {
        try {
            watch.look();
        } catch (RuntimeException e) {
            log.warn("member lease watch: a look failed, the next one follows: {}", e.toString());
        }
    }
}
