package io.meridian.command.infra;

import java.util.function.Consumer;
import java.util.function.Supplier;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;

/** Work a dispatch interceptor leaves for the commit of the thread's root unit of work, once however often it publishes. */
final class RootCommits {
    private RootCommits() {
    }

    /**
     * The root unit of work's resource under {@code key}: made at the first ask, with {@code atCommit} registered to
     * take it when the root commits. Null when no unit of work is started (the caller then acts at once).
     */
    static <T> T pending(String key, Supplier<T> fresh, Consumer<T> atCommit) {
        if (!CurrentUnitOfWork.isStarted()) {
            return null;
        }
        UnitOfWork<?> root = CurrentUnitOfWork.get().root();
        return root.getOrComputeResource(key, k -> {
            T resource = fresh.get();
            root.afterCommit(unitOfWork -> atCommit.accept(resource));
            return resource;
        });
    }
}
