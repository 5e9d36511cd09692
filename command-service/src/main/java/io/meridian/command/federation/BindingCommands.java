package io.meridian.command.federation;

import io.meridian.command.federation.api.SyncBinding;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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

    /**
     * Sends the commands in one unit of work, each handled in its own nested unit: one that fails is rolled back
     * alone, and its future fails. The events of the others are stored together when the enclosing unit commits, and
     * only then are the futures handed back; when that commit fails, nothing is stored and this throws.
     */
    public List<CompletableFuture<Object>> sendEach(List<?> commands) {
        UnitOfWork<?> together = DefaultUnitOfWork.startAndGet(null);
        List<CompletableFuture<Object>> answers = new ArrayList<>(commands.size());
        try {
            for (Object command : commands) {
                answers.add(gateway.send(command));
            }
        } catch (RuntimeException | Error e) {
            together.rollback(e);
            throw e;
        }
        together.commit();
        return answers;
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
