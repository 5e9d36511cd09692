package io.meridian.gateway.admission;

import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class PodWebhookServletConfiguration {
    /** The pod mutation webhook, served without Spring MVC's dispatch ({@link PodWebhookServlet}). */
    @Bean
    public ServletRegistrationBean<PodWebhookServlet> podWebhookServlet(AdmissionController controller) {
        ServletRegistrationBean<PodWebhookServlet> registration =
                new ServletRegistrationBean<>(new PodWebhookServlet(controller), PodWebhookServlet.PATHS);
        registration.setName("mutate-pods");
        return registration;
    }
}
