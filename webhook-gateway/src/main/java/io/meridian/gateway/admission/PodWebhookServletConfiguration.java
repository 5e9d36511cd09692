package io.meridian.gateway.admission;

import io.micrometer.observation.ObservationPredicate;
import jakarta.servlet.http.HttpServletMapping;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.server.observation.ServerRequestObservationContext;

@Configuration(proxyBeanMethods = false)
public class PodWebhookServletConfiguration {
    static final String SERVLET_NAME = "mutate-pods";

    /** The pod mutation webhook, served without Spring MVC's dispatch ({@link PodWebhookServlet}). */
    @Bean
    public ServletRegistrationBean<PodWebhookServlet> podWebhookServlet(AdmissionController controller) {
        ServletRegistrationBean<PodWebhookServlet> registration =
                new ServletRegistrationBean<>(new PodWebhookServlet(controller), PodWebhookServlet.PATHS);
        registration.setName(SERVLET_NAME);
        return registration;
    }

    /**
     * The pod webhook is not observed as an {@code http.server.requests} request: its latency is already
     * {@code meridian.admission.duration} (with the apiserver's buckets), and starting and stopping the generic
     * observation was about a sixth of the gateway's HTTPS threads' CPU under load. Other endpoints keep it.
     */
    @Bean
    public ObservationPredicate podWebhookNotObservedAsHttpRequest() {
        return (name, context) -> !(context instanceof ServerRequestObservationContext request && isPodWebhook(request));
    }

    private static boolean isPodWebhook(ServerRequestObservationContext context) {
        HttpServletMapping mapping = context.getCarrier() == null ? null : context.getCarrier().getHttpServletMapping();
        return mapping != null && SERVLET_NAME.equals(mapping.getServletName());
    }
}
