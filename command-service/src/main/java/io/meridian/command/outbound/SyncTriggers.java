package io.meridian.command.outbound;

import io.meridian.command.cluster.SyncScheduler;
import io.meridian.command.ws.api.MutationResultRecorded;
import io.meridian.command.ws.api.WorkloadSpreadSyncDue;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.stereotype.Component;

/** Turns a fired deadline and a failed mutation into a (debounced) sync of the spread, on this instance. */
@Component
@ProcessingGroup("sync-triggers")
public class SyncTriggers {
    private final SyncScheduler syncs;

    public SyncTriggers(SyncScheduler syncs) {
        this.syncs = syncs;
    }

    @EventHandler
    void on(WorkloadSpreadSyncDue event) {
        syncs.request(event.id(), "deadline " + event.at());
    }

    @EventHandler
    void on(MutationResultRecorded event) {
        if (event.retrySync()) {
            syncs.request(event.id(), "mutation " + event.mutationId() + " " + event.outcome());
        }
    }
}
