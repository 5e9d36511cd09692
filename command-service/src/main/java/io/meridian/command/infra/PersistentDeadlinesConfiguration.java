package io.meridian.command.infra;

import io.meridian.command.member.MemberClusterAggregate;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import java.util.UUID;
import javax.sql.DataSource;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.config.ConfigurationScopeAwareProvider;
import org.axonframework.deadline.DeadlineManager;
import org.axonframework.deadline.quartz.QuartzDeadlineManager;
import org.axonframework.serialization.Serializer;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.impl.SchedulerRepository;
import org.quartz.impl.StdSchedulerFactory;
import org.quartz.utils.ConnectionProvider;
import org.quartz.utils.DBConnectionManager;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Axon deadlines in PostgreSQL: {@link QuartzDeadlineManager} on Quartz's JDBC job store (tables by Flyway
 * {@code V1_1}), so that reservation timeouts, adaptive requeues, member-unreachable deadlines and rebalancer
 * TTLs survive a restart; one that fell due while no instance ran fires when one starts. The store is clustered:
 * instances sharing the database share the deadlines and each fires exactly once. Quartz only starts firing once
 * the whole context (and so Axon's command handling) is up.
 */
@Configuration(proxyBeanMethods = false)
public class PersistentDeadlinesConfiguration {
    private static final Object SCHEDULER_CREATION = new Object();

    @Bean
    public Scheduler deadlineScheduler(DataSource dataSource,
                                       @Value("${meridian.deadlines.scheduler-name:meridian-deadlines}") String name,
                                       @Value("${meridian.deadlines.threads:2}") int threads) throws SchedulerException {
        // the job store looks its connections up by name in Quartz's global registry: one name per context
        String connections = "meridian-deadlines-" + UUID.randomUUID();
        DBConnectionManager.getInstance().addConnectionProvider(connections, new DataSourceConnections(dataSource));
        synchronized (SCHEDULER_CREATION) {
            Scheduler scheduler = new StdSchedulerFactory(quartzProperties(name, connections, threads)).getScheduler();
            // Quartz keeps one scheduler per name per JVM; two contexts of one JVM (tests, a restart in the
            // standalone process) each need their own, on the same tables
            SchedulerRepository.getInstance().remove(name);
            return scheduler;
        }
    }

    static Properties quartzProperties(String name, String connections, int threads) {
        Properties p = new Properties();
        p.setProperty(StdSchedulerFactory.PROP_SCHED_INSTANCE_NAME, name);
        p.setProperty(StdSchedulerFactory.PROP_SCHED_INSTANCE_ID, instanceId());
        p.setProperty("org.quartz.threadPool.class", "org.quartz.simpl.SimpleThreadPool");
        p.setProperty("org.quartz.threadPool.threadCount", String.valueOf(threads));
        p.setProperty("org.quartz.threadPool.threadNamePrefix", "deadline");
        p.setProperty("org.quartz.jobStore.class", "org.quartz.impl.jdbcjobstore.JobStoreTX");
        p.setProperty("org.quartz.jobStore.driverDelegateClass", "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate");
        p.setProperty("org.quartz.jobStore.dataSource", connections);
        p.setProperty("org.quartz.jobStore.tablePrefix", "qrtz_");
        p.setProperty("org.quartz.jobStore.isClustered", "true");
        p.setProperty("org.quartz.jobStore.clusterCheckinInterval", "5000");
        p.setProperty("org.quartz.jobStore.acquireTriggersWithinLock", "true");
        // a deadline that fell due while no instance ran is a misfire: it fires at once (simple trigger, smart policy)
        p.setProperty("org.quartz.jobStore.misfireThreshold", "1000");
        return p;
    }

    private static String instanceId() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "unknown-host";
        }
        return host + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Bean
    public DeadlineManager deadlineManager(Scheduler deadlineScheduler,
                                           org.axonframework.config.Configuration configuration,
                                           TransactionManager transactionManager,
                                           @Qualifier("messageSerializer") Serializer messageSerializer) {
        QuartzDeadlineManager.Builder builder = QuartzDeadlineManager.builder()
                .scheduler(deadlineScheduler)
                .scopeAwareProvider(new ConfigurationScopeAwareProvider(configuration))
                .transactionManager(transactionManager)
                .serializer(messageSerializer);
        // a member's unreachable backstop is re-armed when it is watched again: kept under one key per member
        return new RaceTolerantQuartzDeadlineManager(builder, deadlineScheduler, messageSerializer,
                java.util.Set.of(MemberClusterAggregate.UNREACHABLE_DEADLINE));
    }

    /** Starts firing deadlines after everything else has started; puts Quartz in standby first on the way down. */
    @Bean
    public SmartLifecycle deadlineSchedulerLifecycle(Scheduler deadlineScheduler) {
        return new SmartLifecycle() {
            private volatile boolean running;

            @Override
            public void start() {
                try {
                    deadlineScheduler.start();
                    running = true;
                } catch (SchedulerException e) {
                    throw new IllegalStateException("the deadline scheduler cannot start", e);
                }
            }

            @Override
            public void stop() {
                running = false;
                try {
                    deadlineScheduler.shutdown(true);
                } catch (SchedulerException e) {
                    throw new IllegalStateException("the deadline scheduler cannot stop", e);
                }
            }

            @Override
            public boolean isRunning() {
                return running;
            }

            @Override
            public int getPhase() {
                return Integer.MAX_VALUE;
            }
        };
    }

    /** Quartz's view of the service's connection pool. */
    private record DataSourceConnections(DataSource dataSource) implements ConnectionProvider {
        @Override
        public Connection getConnection() throws SQLException {
            return dataSource.getConnection();
        }

        @Override
        public void shutdown() {
            // the pool belongs to Spring
        }

        @Override
        public void initialize() {
        }
    }
}
