package io.meridian.command.federation;

import io.meridian.command.federation.api.SyncBinding;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Sends {@link SyncBinding} commands off the caller's thread (the cluster events consumer, an event handler),
 * one at a time; requests for a binding already waiting are folded into the waiting one. Also remembers every
 * binding it was asked about, so a member cluster's change reaches them all.
 */
public class BindingSyncQueue implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BindingSyncQueue.class);
    private final Sender commands;
    private final Clock clock;
    private final Map<String, String> waiting = new LinkedHashMap<>();
    private final Set<String> known = ConcurrentHashMap.newKeySet();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread thread = new Thread(r, "federation-sync");
        thread.setDaemon(true);
        return thread;
    });

    /** Sends one command and waits until it is handled ({@code CommandGateway::sendAndWait}). */
    public interface Sender {
        void sendAndWait(Object command);
    }

    public BindingSyncQueue(Sender commands, Clock clock) {
        this.commands = commands;
        this.clock = clock;
    }

    public void request(String bindingId, String trigger) {
        known.add(bindingId);
        synchronized (waiting) {
            if (waiting.putIfAbsent(bindingId, trigger) != null) {
                return;
            }
        }
        worker.execute(() -> send(bindingId));
    }

    public boolean isKnown(String bindingId) {
        return known.contains(bindingId);
    }

    public void requestAll(String trigger) {
        known.forEach(id -> request(id, trigger));
    }

    /** Sends any command to a binding on the same thread, after what is already waiting. */
    public void dispatch(String bindingId, Object command) {
        known.add(bindingId);
        worker.execute(() -> {
            MDC.put("aggregate", bindingId);
            try {
                commands.sendAndWait(command);
            } catch (RuntimeException e) {
                log.warn("{} not handled: {}", command.getClass().getSimpleName(), e.toString());
            } finally {
                MDC.remove("aggregate");
            }
        });
    }

    private void send(String bindingId) {
        String trigger;
        synchronized (waiting) {
            trigger = waiting.remove(bindingId);
        }
        if (trigger == null) {
            return;
        }
        MDC.put("aggregate", bindingId);
        try {
            commands.sendAndWait(new SyncBinding(bindingId, trigger, clock.instant()));
        } catch (RuntimeException e) {
            log.warn("binding not synced ({}): {}", trigger, e.toString());
        } finally {
            MDC.remove("aggregate");
        }
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
