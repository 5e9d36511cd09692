package io.meridian.command.federation;

import io.meridian.command.federation.api.SyncBinding;
import java.util.List;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.slf4j.MDC;

/**
 * How {@link BindingSyncQueue} reaches the binding aggregates: one command through the gateway, or several in one
 * unit of work. Each command is still handled by its aggregate in its own (nested) unit of work and transaction, but
 * their events are appended when the enclosing unit commits: one transaction and one batch of inserts for all of
 * them, which is what a failover of many bindings waited on most (a round trip to PostgreSQL per insert and per
 * commit, per binding). The enclosing unit holds no transaction itself, so no connection is held while the commands
 * are handled (a long hold starved the heartbeats' deadlines of connections). When one command fails, nothing of the
 * others is stored either, and the caller sends them again one by one.
 */
public final class BindingCommands implements BindingSyncQueue.Sender {
    private final CommandGateway gateway;

    public BindingCommands(CommandGateway gateway) {
        this.gateway = gateway;
    }

    @Override
    public void sendAndWait(Object command) {
        gateway.sendAndWait(command);
    }

    @Override
    public void sendTogether(List<SyncBinding> syncs) {
        UnitOfWork<?> together = DefaultUnitOfWork.startAndGet(null);
        try {
            for (SyncBinding sync : syncs) {
                MDC.put("aggregate", sync.bindingId());
                gateway.sendAndWait(sync);
            }
        } catch (RuntimeException | Error e) {
            together.rollback(e);
            throw e;
        } finally {
            MDC.remove("aggregate");
        }
        together.commit();
    }
}
