package io.meridian.gateway;

import io.meridian.gateway.admission.AdmissionEndpoints;
import io.meridian.gateway.admission.AdmissionHandler;
import io.meridian.gateway.admission.PodLookup;
import io.meridian.gateway.admission.PodMutationHandler;
import io.meridian.gateway.admission.PodValidationHandler;
import io.meridian.gateway.admission.ResourceValidationHandler;
import io.meridian.gateway.applier.Backoff;
import io.meridian.gateway.applier.ClusterClients;
import io.meridian.gateway.applier.ClusterPodLookup;
import io.meridian.gateway.applier.Expectations;
import io.meridian.gateway.applier.MutationApplier;
import io.meridian.gateway.applier.MutationExecutor;
import io.meridian.gateway.applier.RetryingApplier;
import io.meridian.gateway.command.CommandServiceClient;
import io.meridian.gateway.command.PodCallCoalescer;
import io.meridian.gateway.command.PodCalls;
import io.meridian.gateway.live.LiveOwnerAdmission;
import io.meridian.gateway.live.LiveOwnerChain;
import io.meridian.gateway.observability.AdmissionMetrics;
import io.meridian.gateway.observability.ApplierHealth;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** Wires the admission handlers (always) and the mutation applier (when Kafka is configured). */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(GatewayProperties.class)
public class GatewayConfiguration {
    /** How long the gateway sends a controller's pods with their live owners after the command-service asked. */
    private static final Duration LIVE_OWNERS_REMEMBERED = Duration.ofMinutes(10);
    /** The command-service's batch of pod calls (see docs/design/pipeline.md). */
    static final String POD_BATCH_PATH = "api/admission/pods/batch";
    /** Bounds one batch call's body (about 1.5 kB a pod) and the command-service's wait for it. */
    private static final int MAX_PODS_PER_CALL = 256;

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    AdmissionMetrics admissionMetrics(MeterRegistry registry) {
        return new AdmissionMetrics(registry);
    }

    @Bean
    CommandServiceClient commandServiceClient(GatewayProperties properties) {
        return new CommandServiceClient(properties.command().url(), properties.command().timeout());
    }

    /** The pod CREATE calls, coalesced into batch calls unless {@code meridian.command.pod-calls-in-flight} is 0. */
    static PodCalls podCalls(CommandServiceClient commands, GatewayProperties.Command settings) {
        if (settings.podCallsInFlight() <= 0) {
            return PodCalls.oneByOne(commands);
        }
        return new PodCallCoalescer(bodies -> commands.postBatch(POD_BATCH_PATH, PodCalls.PATH, bodies), settings.podCallsInFlight(),
                MAX_PODS_PER_CALL, settings.timeout());
    }

    @Bean
    AdmissionEndpoints admissionEndpoints(GatewayProperties properties, CommandServiceClient commands, AdmissionMetrics metrics,
                                          PodLookup pods, ObjectProvider<AdmissionHandler> extraHandlers, Clock clock,
                                          LiveOwnerChain liveOwners) {
        LiveOwnerAdmission live = new LiveOwnerAdmission(liveOwners::read, clock, LIVE_OWNERS_REMEMBERED);
        List<AdmissionHandler> handlers = new ArrayList<>(List.of(
                new PodMutationHandler(commands, metrics, live, podCalls(commands, properties.command())),
                new PodValidationHandler(commands, metrics, pods)));
        handlers.addAll(ResourceValidationHandler.all(commands, metrics));
        handlers.addAll(extraHandlers.orderedStream().toList());
        return new AdmissionEndpoints(handlers, properties.defaultCluster(), metrics, clock);
    }

    /**
     * A pod's owner chain is read from its cluster within half the command timeout, with clients of its own: an
     * admission's reads must not queue behind the applier's writes.
     */
    @Bean(destroyMethod = "close")
    LiveOwnerChain liveOwnerChain(GatewayProperties properties) {
        String dir = properties.kubeconfigsDir();
        Duration timeout = properties.command().timeout().dividedBy(2);
        return new LiveOwnerChain(new ClusterClients(dir == null || dir.isBlank() ? null : Path.of(dir), timeout,
                properties.applier().keepAlive()), timeout);
    }

    /** Evicted pods are read from their cluster within a quarter of the command timeout. */
    @Bean
    ClusterPodLookup podLookup(ClusterClients clusters, GatewayProperties properties) {
        return new ClusterPodLookup(clusters, properties.command().timeout().dividedBy(4));
    }

    @Bean(destroyMethod = "close")
    ClusterClients clusterClients(GatewayProperties properties) {
        String dir = properties.kubeconfigsDir();
        return new ClusterClients(dir == null || dir.isBlank() ? null : Path.of(dir), properties.applier().requestTimeout(),
                properties.applier().keepAlive());
    }

    @Bean
    @Conditional(KafkaConfigured.class)
    Expectations expectations(GatewayProperties properties, Clock clock) {
        return new Expectations(clock, properties.applier().expectationTimeout());
    }

    @Bean
    @Conditional(KafkaConfigured.class)
    MutationApplier mutationApplier(GatewayProperties properties, ClusterClients clusters, Expectations expectations, Clock clock,
                                    MeterRegistry registry) {
        GatewayProperties.Applier settings = properties.applier();
        RetryingApplier applier = new RetryingApplier(clusters, new MutationExecutor()::apply, expectations,
                new Backoff(settings.backoffInitial(), settings.backoffMax(), () -> ThreadLocalRandom.current().nextDouble()),
                duration -> Thread.sleep(duration.toMillis()), settings.conflictRetries());
        return new MutationApplier(new MutationApplier.Settings(properties.kafka().bootstrap(), properties.kafka().group(),
                settings.maxPendingPerPartition(), settings.lanesPerCluster(), settings.sharedExtraLanes()), applier, clock,
                registry, expectations);
    }

    @Bean
    @Conditional(KafkaConfigured.class)
    ApplierLifecycle applierLifecycle(MutationApplier applier) {
        return new ApplierLifecycle(applier);
    }

    @Bean
    @Conditional(KafkaConfigured.class)
    ApplierHealth mutationApplierHealthIndicator(MutationApplier applier, Expectations expectations) {
        return new ApplierHealth(applier, expectations);
    }

    /** Runs the applier with the application context. */
    public static final class ApplierLifecycle implements SmartLifecycle {
        private final MutationApplier applier;

        ApplierLifecycle(MutationApplier applier) {
            this.applier = applier;
        }

        @Override
        public void start() {
            applier.start();
        }

        @Override
        public void stop() {
            applier.close();
        }

        @Override
        public boolean isRunning() {
            return applier.isRunning();
        }
    }

    /** The applier runs only with Kafka bootstrap servers ({@code meridian.kafka.bootstrap}). */
    static final class KafkaConfigured implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            String bootstrap = context.getEnvironment().getProperty("meridian.kafka.bootstrap");
            return bootstrap != null && !bootstrap.isBlank();
        }
    }
}
