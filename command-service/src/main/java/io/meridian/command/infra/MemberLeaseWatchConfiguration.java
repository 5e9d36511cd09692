package io.meridian.command.infra;

import io.meridian.command.member.LeaseWatch;
import io.meridian.command.member.MemberLeases;
import java.time.Clock;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Runs the member lease watch on one daemon thread, from when everything else has started until the service begins
 * to stop (before the cluster events stop renewing the leases).
 */
@Configuration(proxyBeanMethods = false)
public class MemberLeaseWatchConfiguration {

    @Bean
    public LeaseWatch leaseWatch(MemberLeases leases, CommandGateway commands, Clock clock) {
        return new LeaseWatch(leases, commands::sendAndWait, clock);
    }

    @Bean
    public SmartLifecycle leaseWatchLifecycle(LeaseWatch watch) {
        return new SmartLifecycle() {
            private volatile PeriodicLook looks;

            @Override
            public void start() {
                looks = PeriodicLook.start("member-lease-watch", LeaseWatch.LOOK_EVERY, watch::look,
                        "member lease watch: a look failed, the next one follows");
            }

            @Override
            public void stop() {
                looks.close();
                looks = null;
            }

            @Override
            public boolean isRunning() {
                return looks != null;
            }
        };
    }
}
