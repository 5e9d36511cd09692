package io.meridian.command.infra;

import java.time.Duration;
import org.axonframework.config.Configuration;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.messaging.Message;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.timeout.TaskTimeoutSettings;
import org.axonframework.springboot.TimeoutProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Every unit of work of the command bus, the event processors, the deadline manager and the query bus is held to
 * the limits Axon's own timer takes ({@code axon.timeout.transaction.*}: timeout, warning threshold and interval),
 * by the {@link UnitOfWorkWatchdog} instead of that timer, which is off ({@code axon.timeout.enabled: false}; its
 * per-handler timers were off before). A timeout of zero or less leaves that component's units of work unwatched.
 */
@org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TimeoutProperties.class)
public class UnitOfWorkLimitsConfiguration {
    private static final Duration TICK = Duration.ofMillis(250);

    @Bean(destroyMethod = "close")
    public UnitOfWorkWatchdog unitOfWorkWatchdog() {
        return UnitOfWorkWatchdog.started(TICK);
    }

    @Bean
    public ConfigurerModule unitOfWorkLimits(TimeoutProperties timeouts, UnitOfWorkWatchdog watchdog) {
        TimeoutProperties.TransactionTimeoutProperties limits = timeouts.getTransaction();
        return configurer -> {
            configurer.eventProcessing().registerDefaultHandlerInterceptor((configuration, processor) -> limit(watchdog,
                    "EventProcessor " + processor,
                    limits.getEventProcessor().getOrDefault(processor, limits.getEventProcessors())));
            configurer.onStart(Integer.MIN_VALUE, () -> {
                Configuration configuration = configurer.buildConfiguration();
                configuration.commandBus().registerHandlerInterceptor(
                        limit(watchdog, componentName(configuration.commandBus()), limits.getCommandBus()));
                configuration.deadlineManager().registerHandlerInterceptor(
                        limit(watchdog, componentName(configuration.deadlineManager()), limits.getDeadline()));
                configuration.queryBus().registerHandlerInterceptor(
                        limit(watchdog, componentName(configuration.queryBus()), limits.getQueryBus()));
            });
        };
    }

    static MessageHandlerInterceptor<Message<?>> limit(UnitOfWorkWatchdog watchdog, String component,
                                                       TaskTimeoutSettings settings) {
        if (settings.getTimeoutMs() <= 0) {
            return (unitOfWork, chain) -> chain.proceed();
        }
        return new UnitOfWorkTimeLimit(watchdog, component, new UnitOfWorkWatchdog.Limit(
                Duration.ofMillis(settings.getTimeoutMs()), Duration.ofMillis(settings.getWarningThresholdMs()),
                Duration.ofMillis(settings.getWarningIntervalMs())));
    }

    private static String componentName(Object component) {
        return component.getClass().getSimpleName();
    }
}
