package io.meridian.gateway.admission;

import io.micrometer.observation.ObservationPredicate;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletMapping;
import java.util.Set;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.web.servlet.AbstractFilterRegistrationBean;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.web.filter.CharacterEncodingFilter;
import org.springframework.web.filter.FormContentFilter;
import org.springframework.web.filter.RequestContextFilter;

@Configuration(proxyBeanMethods = false)
public class PodWebhookServletConfiguration {
    static final String SERVLET_NAME = "mutate-pods";
    private static final String SPRING_MVC = DispatcherServletAutoConfiguration.DEFAULT_DISPATCHER_SERVLET_BEAN_NAME;

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

    /*
     * Spring Boot maps its servlet filters (request encoding, form content, request context, the HTTP observation) to
     * every path. They serve Spring MVC's endpoints; the pod webhook's servlet reads bytes and sets its own encoding,
     * and passing through the four of them was about 1.6 % of an admission's CPU. Each is mapped to Spring MVC's
     * servlet alone.
     */

    @Bean
    FilterRegistrationBean<Filter> characterEncodingFilterRegistration(
            ObjectProvider<CharacterEncodingFilter> filter) {
        return springMvcOnly(filter);
    }

    @Bean
    FilterRegistrationBean<Filter> formContentFilterRegistration(
            ObjectProvider<FormContentFilter> filter) {
        return springMvcOnly(filter);
    }

    @Bean
    FilterRegistrationBean<Filter> requestContextFilterRegistration(
            ObjectProvider<RequestContextFilter> filter) {
        return springMvcOnly(filter);
    }

    /** Filters Spring Boot registers itself (the HTTP observation's), when mapped to every path. */
    @Bean
    static BeanPostProcessor springFiltersServeSpringMvcOnly() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String beanName) {
                if (bean instanceof AbstractFilterRegistrationBean<?> registration && mappedEverywhere(registration)) {
                    registration.setServletNames(Set.of(SPRING_MVC));
                }
                return bean;
            }
        };
    }

    private static boolean mappedEverywhere(AbstractFilterRegistrationBean<?> registration) {
        return registration.getUrlPatterns().isEmpty() && registration.getServletNames().isEmpty()
                && registration.getServletRegistrationBeans().isEmpty();
    }

    /**
     * The filter's registration for Spring MVC alone, in its order; when the filter is switched off, a registration
     * that is switched off too (a registration bean cannot be null).
     */
    private static <F extends Filter> FilterRegistrationBean<Filter> springMvcOnly(ObjectProvider<F> provider) {
        F filter = provider.getIfAvailable();
        FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>(
                filter == null ? (request, response, chain) -> chain.doFilter(request, response) : filter);
        registration.setEnabled(filter != null);
        registration.setServletNames(Set.of(SPRING_MVC));
        if (filter instanceof Ordered ordered) {
            registration.setOrder(ordered.getOrder());
        }
        return registration;
    }

    private static boolean isPodWebhook(ServerRequestObservationContext context) {
        HttpServletMapping mapping = context.getCarrier() == null ? null : context.getCarrier().getHttpServletMapping();
        return mapping != null && SERVLET_NAME.equals(mapping.getServletName());
    }
}
