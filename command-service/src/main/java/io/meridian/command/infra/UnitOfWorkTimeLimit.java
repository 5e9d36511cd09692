package io.meridian.command.infra;

import org.axonframework.messaging.InterceptorChain;
import org.axonframework.messaging.Message;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.unitofwork.UnitOfWork;

/**
 * Holds a root unit of work of one component (the command bus, an event processor, the deadline manager) to its
 * {@link UnitOfWorkWatchdog.Limit} through the {@link UnitOfWorkWatchdog}, from the moment this interceptor is reached
 * until the unit of work commits or rolls back. Nested units of work run under their root's watch.
 */
public final class UnitOfWorkTimeLimit implements MessageHandlerInterceptor<Message<?>> {
    private static final String WATCH = UnitOfWorkTimeLimit.class.getName() + ".watch";

    private final UnitOfWorkWatchdog watchdog;
    private final String name;
    private final UnitOfWorkWatchdog.Limit limit;

    public UnitOfWorkTimeLimit(UnitOfWorkWatchdog watchdog, String component, UnitOfWorkWatchdog.Limit limit) {
        this.watchdog = watchdog;
        this.name = "UnitOfWork of " + component;
        this.limit = limit;
    }

    @Override
    public Object handle(UnitOfWork<? extends Message<?>> unitOfWork, InterceptorChain interceptorChain)
            throws Exception {
        UnitOfWork<?> root = unitOfWork.root();
        if (!root.resources().containsKey(WATCH)) {
            UnitOfWorkWatchdog.Watch watch = watchdog.start(name, limit);
            root.resources().put(WATCH, watch);
            unitOfWork.afterCommit(u -> watch.complete());
            unitOfWork.onRollback(u -> watch.complete());
        }
        return interceptorChain.proceed();
    }
}
