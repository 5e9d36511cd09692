package io.meridian.command.admission;

import io.meridian.command.cluster.ClusterEventConsumer;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.cluster.SyncScheduler;
import io.meridian.command.kafka.MeridianProperties;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationPredicate;
import jakarta.servlet.http.HttpServletMapping;
import java.time.Clock;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.server.observation.ServerRequestObservationContext;

@Configuration(proxyBeanMethods = false)
public class AdmissionConfiguration {
    static final String BATCH_SERVLET = "admission-pods-batch";
    @Bean
    public AdmissionBatcher admissionBatcher(CommandGateway commands, Clock clock, MeridianProperties properties,
                                             ClusterEventConsumer clusterEvents, ClusterState state, MeterRegistry meters,
                                             SyncScheduler syncs) {
        return new AdmissionBatcher(commands, clock, properties.admissionBatchMax(), 16,
                () -> clusterEvents.awaitApplied(properties.catchUpWait()), state::ownerChain,
                aggregateId -> latestVersion(state, aggregateId), BatchMetrics.of(meters))
                .beforeDecision(new LiveTargetSync(state, syncs, commands));
    }

    /** The admission API's pod call, served without Spring MVC's dispatch ({@link AdmissionServlet}). */
    @Bean
    public ServletRegistrationBean<AdmissionServlet> admissionServlet(AdmissionController controller) {
        ServletRegistrationBean<AdmissionServlet> registration =
                new ServletRegistrationBean<>(new AdmissionServlet(controller), AdmissionServlet.PATH);
        registration.setName("admission-pods");
        return registration;
    }

    /** The admission API's batch of pod calls ({@link AdmissionBatchServlet}), for a gateway that coalesces them. */
    @Bean
    public ServletRegistrationBean<AdmissionBatchServlet> admissionBatchServlet(AdmissionController controller) {
        ServletRegistrationBean<AdmissionBatchServlet> registration =
                new ServletRegistrationBean<>(new AdmissionBatchServlet(controller), AdmissionBatchServlet.PATH);
        registration.setName(BATCH_SERVLET);
        return registration;
    }

    /**
     * The batch call is not observed as an {@code http.server.requests} request: {@code meridian.admission.batch.*}
     * time its batches, the gateway's {@code meridian.admission.duration} each pod, and the generic observation was
     * about a quarter of this service's request threads' CPU under load. Other endpoints keep it.
     */
    @Bean
    public ObservationPredicate admissionBatchNotObservedAsHttpRequest() {
        return AdmissionConfiguration::observed;
    }

    static boolean observed(String name, Observation.Context context) {
        if (!(context instanceof ServerRequestObservationContext request) || request.getCarrier() == null) {
            return true;
        }
        HttpServletMapping mapping = request.getCarrier().getHttpServletMapping();
        return mapping == null || !BATCH_SERVLET.equals(mapping.getServletName());
    }

    /** The latest pod version of the spread's target, as {@code SyncScheduler} reads it for a sync; null when unknown. */
    static String latestVersion(ClusterState state, String aggregateId) {
        String[] parts = aggregateId.split("/", 3);
        if (parts.length != 3) {
            return null;
        }
        return state.find(parts[0], parts[1], ClusterState.WORKLOAD_SPREAD, parts[2])
                .map(spread -> spread.path("spec").path("targetRef"))
                .flatMap(target -> state.find(parts[0], parts[1], target.path("kind").asText(), target.path("name").asText()))
                .map(workload -> state.latestVersion(parts[0], workload))
                .orElse(null);
    }
}
