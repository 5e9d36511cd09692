package io.meridian.command.ws;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.ws.api.ReservationChange;
import io.meridian.core.ws.admission.PodRecord;
import io.meridian.core.ws.admission.StatusChange;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.WorkloadSpreadStatus;
import java.util.List;

/** A kernel status change as event data, and back: what an event sourcing handler replays. */
final class Reservations {
    private Reservations() {
    }

    /** The kernel's status change as event data: the version's initial rows only when it had none. */
    static ReservationChange of(StatusChange.Recorded recorded, WorkloadSpreadStatus before) {
        List<SubsetStatus> stored = before.versionedSubsetStatuses().get(recorded.version());
        JsonNode initial = stored == null || stored.isEmpty() ? KernelJson.tree(recorded.baseRows()) : null;
        return new ReservationChange(recorded.version(), recorded.subset(), recorded.pod().key(), recorded.pod().kind().name(),
                recorded.pod().at(), initial);
    }

    /** Replays a recorded change exactly as the kernel made it: on the stored rows, or on the initial ones. */
    static WorkloadSpreadStatus replay(String spreadName, ReservationChange change, WorkloadSpreadStatus before) {
        List<SubsetStatus> stored = before.versionedSubsetStatuses().get(change.version());
        boolean initial = change.initialRows() != null && change.initialRows().isArray();
        List<SubsetStatus> base = initial ? KernelJson.rows(change.initialRows()) : stored == null ? List.of() : stored;
        PodRecord pod = PodRecord.Kind.valueOf(change.kind()) == PodRecord.Kind.CREATING
                ? PodRecord.creating(change.podKey(), change.at()) : PodRecord.deleting(change.podKey(), change.at());
        return StatusChange.record(spreadName, change.version(), base, change.subset(), pod).applyTo(before);
    }
}
